import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUsageQuery } from '../api';

/** Percent of the limit from which the bar warns, and then shows the limit reached. */
const WARN_AT = 90;

/** This month's tokens against the plan's limit in the chat header: a bar and the numbers. */
export function UsageMeter() {
  const { t, i18n } = useTranslation('chat');
  const { data } = useCurrentUsageQuery();
  if (!data || data.limit_tokens <= 0) return null;
  const format = new Intl.NumberFormat(i18n.resolvedLanguage);
  const percent = Math.min(100, Math.round((data.used_tokens / data.limit_tokens) * 100));
  const color = percent >= 100 ? 'error' : percent >= WARN_AT ? 'warning' : 'primary';
  return (
    <Box
      data-testid="usage-meter"
      title={t('usage.percent', { percent })}
      sx={{ ml: 'auto', minWidth: '8rem', maxWidth: '100%', textAlign: 'right' }}
    >
      {/* The numbers below say it all to a screen reader; the bar only draws them. */}
      <LinearProgress
        aria-hidden
        variant="determinate"
        value={percent}
        color={color}
        sx={{ height: 4, borderRadius: 2, mb: 0.5 }}
      />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ lineHeight: 1.4 }}>
        {t('usage.detail', {
          used: format.format(data.used_tokens),
          limit: format.format(data.limit_tokens),
        })}
      </Typography>
    </Box>
  );
}
