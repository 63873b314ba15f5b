import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { TERMS_DATE_SHOWN } from '@themis/shared';
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useFieldErrorText } from '../../../components/form/field-error';
import { testIdProps } from '../../../components/form/test-id';
import { visuallyHidden } from '../../../components/visually-hidden';

export interface TermsCheckboxProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
}

/** A document linked from the label; a new tab keeps what the form holds. */
function DocumentLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link href={to} target="_blank" rel="noopener noreferrer">
      {children}{' '}
      <Box component="span" sx={visuallyHidden}>
        {t('legal.newTab')}
      </Box>
    </Link>
  );
}

/** Acceptance of the terms of use and privacy policy, linked and naming their date (spec §9). */
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
            label={
              <Trans
                t={t}
                i18nKey="register.terms"
                values={{ date: TERMS_DATE_SHOWN }}
                components={{
                  terms: <DocumentLink to={paths.terms} />,
                  privacy: <DocumentLink to={paths.privacy} />,
                }}
              />
            }
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
