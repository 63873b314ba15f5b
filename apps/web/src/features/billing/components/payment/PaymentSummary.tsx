import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_DATE_FORMAT, type Quote } from '@themis/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../app/dates';
import { useLanguage } from '../../../../app/use-language';
import { formatMoney } from '../../billing-format';
import { PriceBreakdown } from '../PriceBreakdown';
import { usePlanName } from '../../plan-name';

/** What the payment does (spec §2 summary): the plan, the period, today's charge, renewals. */
export function PaymentSummary({ quote, children }: { quote: Quote; children?: ReactNode }) {
  const { t } = useTranslation('billing');
  const planName = usePlanName();
  const { language } = useLanguage();
  const { plan } = quote;
  const date = (value: string) => formatDate(value, DEFAULT_DATE_FORMAT, { language });
  const money = (minor: number) => formatMoney(minor, plan.currency, language);
  const chargedNow = quote.charge_now.gross > 0;
  const rows = [
    { key: 'plan', label: t('summary.plan'), value: planName(plan) },
    { key: 'period', label: t('period.label'), value: t(`period.${quote.period}`) },
    { key: 'kind', label: t('summary.change'), value: t(`summary.kind.${quote.kind}`) },
  ];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="payment-summary">
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {t('summary.heading')}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto auto',
            rowGap: 0.5,
            columnGap: 2,
          }}
        >
          {rows.map(({ key, label, value }) => (
            <Box key={key} sx={{ display: 'contents' }} data-testid={`payment-summary-${key}`}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Divider />
        {chargedNow ? (
          <Stack spacing={1}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('summary.today', { amount: money(quote.charge_now.gross) })}
            </Typography>
            <PriceBreakdown
              price={quote.charge_now}
              currency={plan.currency}
              vatRatePercent={plan.vat_rate_percent}
              testId="payment-today"
            />
          </Stack>
        ) : (
          <Typography data-testid="payment-nothing-today">{t('summary.nothingToday')}</Typography>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="payment-summary-renewal">
          {quote.kind === 'downgrade'
            ? t('summary.startsOn', {
                date: date(quote.effective_at),
                amount: money(quote.renewal_amount.gross),
                period: t(`period.adverb.${quote.period}`),
              })
            : t('summary.renewsOn', {
                date: date(quote.period_end),
                amount: money(quote.renewal_amount.gross),
                period: t(`period.adverb.${quote.period}`),
              })}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
