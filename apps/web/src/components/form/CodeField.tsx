import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

const dropSpaces = (value: string) => value.replace(/\s+/g, '');

/** The 6-digit code e-mailed to the user; browsers offer to fill it from the message. */
export function CodeField<TValues extends FieldValues, TOutput>({
  control,
  autoFocus = false,
  name = 'code' as Path<TValues>,
}: Pick<FormTextFieldProps<TValues, TOutput>, 'control' | 'autoFocus'> & {
  name?: Path<TValues>;
}) {
  const { t } = useTranslation('auth');
  return (
    <FormTextField
      control={control}
      name={name}
      label={t('fields.code')}
      autoFocus={autoFocus}
      normalize={dropSpaces}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'code-input' } }}
      inputSx={{ '& input': { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
