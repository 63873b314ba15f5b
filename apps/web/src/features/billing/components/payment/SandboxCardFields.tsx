import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SANDBOX_TEST_CARDS, type SandboxCardFields as Fields } from '@themis/shared';
import { useId } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../components/form/FormTextField';

export interface SandboxCardFieldsProps<TOutput> {
  control: Control<Fields, unknown, TOutput>;
  /** Fills the form with a test card. */
  onUseTestCard: (number: string) => void;
}

/** Groups of four, as printed on a card. */
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The offline sandbox's card form: clearly no real payment, the fields first (on a phone they
 * are not pushed below the list), then the test cards and what each of them does.
 */
export function SandboxCardFields<TOutput>({
  control,
  onUseTestCard,
}: SandboxCardFieldsProps<TOutput>) {
  const { t } = useTranslation('billing');
  const headingId = useId();
  return (
    <Stack spacing={2} data-testid="sandbox-card-form">
      <Alert severity="warning" role="note" data-testid="sandbox-notice">
        <AlertTitle>{t('sandbox.title')}</AlertTitle>
        {t('sandbox.notice')}
      </Alert>
      <FormTextField
        control={control}
        name="number"
        label={t('cardForm.number')}
        autoComplete="cc-number"
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-number' } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="exp_month"
          label={t('cardForm.expMonth')}
          placeholder={t('cardForm.monthPlaceholder')}
          autoComplete="cc-exp-month"
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: 2, 'data-testid': 'card-exp-month' },
          }}
        />
        <FormTextField
          control={control}
          name="exp_year"
          label={t('cardForm.expYear')}
          placeholder={t('cardForm.yearPlaceholder')}
          autoComplete="cc-exp-year"
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'card-exp-year' },
          }}
        />
        <FormTextField
          control={control}
          name="cvc"
          label={t('cardForm.cvc')}
          autoComplete="cc-csc"
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'card-cvc' },
          }}
        />
      </Box>
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('sandbox.testCards')}
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {SANDBOX_TEST_CARDS.map(({ number, outcome }) => (
            <Box
              component="li"
              key={number}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.25 }}
            >
              <Typography
                component="span"
                variant="body2"
                sx={{ fontFamily: 'monospace', minWidth: '11.5rem' }}
              >
                {grouped(number)}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                {t(`sandbox.outcomes.${outcome}`)}
              </Typography>
              <Button
                size="small"
                onClick={() => onUseTestCard(number)}
                aria-label={t('sandbox.useLabel', { number: grouped(number) })}
                data-testid={`sandbox-use-${number}`}
              >
                {t('sandbox.use')}
              </Button>
            </Box>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
