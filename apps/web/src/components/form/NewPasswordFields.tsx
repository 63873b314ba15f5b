import { useId } from 'react';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './FormTextField';
import { PasswordRules } from './PasswordRules';

type PasswordPair = FieldValues & { password: string; password_confirmation: string };

/** A new password with the live rules checklist, and its repeat. */
export function NewPasswordFields<TValues extends PasswordPair, TOutput>({
  control,
  autoFocus = false,
}: {
  control: Control<TValues, unknown, TOutput>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('auth');
  const rulesId = useId();
  const password = useWatch({ control, name: 'password' as Path<TValues> }) as string;
  return (
    <>
      <FormTextField
        control={control}
        name={'password' as Path<TValues>}
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        describedBy={rulesId}
        autoFocus={autoFocus}
      />
      <PasswordRules password={password} id={rulesId} />
      <FormTextField
        control={control}
        name={'password_confirmation' as Path<TValues>}
        label={t('fields.repeatPassword')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
