import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { DEFAULT_DATE_FORMAT, type Receipt } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/dates';
import { useLanguage } from '../../../app/use-language';
import { FormError } from '../../../components/form/FormError';
import { visuallyHidden } from '../../../components/visually-hidden';
import { invoiceDownloadUrl, useListReceiptsQuery, type BillingAccount } from '../api';
import { formatMoney } from '../billing-format';

// On a phone the plan gives way, the date goes under the number, and the download button
// keeps its icon only (its accessible name stays).
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const NARROW_CELLS = { '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } } as const;

/** The account's paid payments, newest first, each with its invoice (a PDF in the page's language). */
export function ReceiptsTable({ organizationPk }: { organizationPk: BillingAccount }) {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const { data, error, isLoading } = useListReceiptsQuery(organizationPk);
  const issuedOn = (receipt: Receipt) =>
    formatDate(receipt.issued_at, DEFAULT_DATE_FORMAT, { language });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="billing-receipts">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('receipts.heading')}
      </Typography>
      {isLoading && <Skeleton variant="rounded" height="4rem" aria-hidden />}
      {error !== undefined && !data && <FormError error={error} />}
      {data?.length === 0 && (
        <Typography color="text.secondary" data-testid="billing-receipts-empty">
          {t('receipts.empty')}
        </Typography>
      )}
      {data && data.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('receipts.heading')} sx={NARROW_CELLS}>
            <TableHead>
              <TableRow>
                <TableCell>{t('receipts.number')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('receipts.date')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('receipts.plan')}</TableCell>
                <TableCell align="right">{t('receipts.amount')}</TableCell>
                <TableCell align="right">
                  <Box
                    component="span"
                    sx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}
                  >
                    {t('receipts.file')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((receipt) => (
                <TableRow key={receipt.pk} data-testid="billing-receipt-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {receipt.number}
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: { xs: 'block', sm: 'none' } }}
                    >
                      {issuedOn(receipt)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                    {issuedOn(receipt)}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    {t('receipts.planPeriod', {
                      plan: receipt.plan_name,
                      period: t(`period.${receipt.period}`),
                    })}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(receipt.amount.gross, receipt.currency, language)}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      href={invoiceDownloadUrl(receipt.pk, language)}
                      download
                      aria-label={t('receipts.downloadLabel', { number: receipt.number })}
                      data-testid="billing-receipt-download"
                      sx={{ minWidth: 0, gap: 1 }}
                    >
                      <DownloadOutlinedIcon fontSize="small" aria-hidden />
                      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                        {t('receipts.download')}
                      </Box>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
