import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { TERMS_DATE } from '@themis/shared';
import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form/field-error';
import { testIdProps } from '../../../components/form/test-id';

export interface TermsCheckboxProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
}

/** Acceptance of the terms of use and privacy policy, naming their date (spec §9). */
export function TermsCheckbox<TValues extends FieldValues & { terms_accepted: true }, TOutput>({
  control,
}: TermsCheckboxProps<TValues, TOutput>) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const errorId = useId();
  return (
    <Controller
      name={'terms_accepted' as Path<TValues>}
      control={control}
      render={({ field, fieldState }) => (
        <div>
          <FormControlLabel
            label={t('register.terms', { date: TERMS_DATE })}
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -1 } }}
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{
                  input: {
                    ref: field.ref,
                    'aria-invalid': fieldState.error !== undefined,
                    'aria-describedby': fieldState.error ? errorId : undefined,
                    ...testIdProps('register-terms'),
                  },
                }}
              />
            }
          />
          {fieldState.error && (
            <FormHelperText id={errorId} error sx={{ ml: 4 }}>
              {errorText(fieldState.error)}
            </FormHelperText>
          )}
        </div>
      )}
    />
  );
}
