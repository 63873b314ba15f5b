import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Price } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/use-language';
import { formatMoney } from '../billing-format';

export interface PriceBreakdownProps {
  price: Price;
  currency: string;
  vatRatePercent: number;
  testId?: string;
}

/** Net, VAT and gross of one amount, as a receipt lists them. */
export function PriceBreakdown({ price, currency, vatRatePercent, testId }: PriceBreakdownProps) {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const rows = [
    { key: 'net', label: t('price.net'), amount: price.net },
    { key: 'vat', label: t('price.vat', { rate: vatRatePercent }), amount: price.vat },
    { key: 'gross', label: t('price.gross'), amount: price.gross },
  ];
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        columnGap: 2,
        rowGap: 0.25,
        justifyContent: 'space-between',
      }}
    >
      {rows.map(({ key, label, amount }) => (
        <Box key={key} sx={{ display: 'contents' }} data-testid={testId && `${testId}-${key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, textAlign: 'right', fontWeight: key === 'gross' ? 600 : undefined }}
          >
            {formatMoney(amount, currency, language)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
