import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUsageQuery } from '../api';

/** This month's tokens against the plan's limit, discreet in the chat header. */
export function UsageMeter() {
  const { t, i18n } = useTranslation('chat');
  const { data } = useCurrentUsageQuery();
  if (!data || data.limit_tokens <= 0) return null;
  const format = new Intl.NumberFormat(i18n.resolvedLanguage);
  const percent = Math.min(100, Math.round((data.used_tokens / data.limit_tokens) * 100));
  return (
    <Typography
      variant="caption"
      color={percent >= 90 ? 'warning.main' : 'text.secondary'}
      title={t('usage.detail', {
        used: format.format(data.used_tokens),
        limit: format.format(data.limit_tokens),
      })}
      data-testid="usage-meter"
    >
      {t('usage.percent', { percent })}
    </Typography>
  );
}
