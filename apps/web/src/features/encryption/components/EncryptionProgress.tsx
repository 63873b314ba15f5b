import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetMeQuery } from '../../user/api';
import { PENDING_KINDS, pendingCount } from '../use-encryption-progress';

/** What the background job still has to do with the conversations; nothing when idle. */
export function EncryptionProgress() {
  const { t } = useTranslation('encryption');
  const pending = useGetMeQuery().data?.encryption.conversations_pending ?? null;
  if (!pending) return null;
  const kinds = PENDING_KINDS.filter((kind) => pendingCount(pending, kind) > 0);
  return (
    <Stack
      role="status"
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center' }}
      data-testid="encryption-progress"
    >
      <CircularProgress size={18} aria-hidden />
      <Stack>
        {kinds.length === 0 ? (
          <Typography variant="body2">{t('progress.finishing')}</Typography>
        ) : (
          kinds.map((kind) => (
            <Typography key={kind} variant="body2">
              {t(`progress.${kind}`, { count: pendingCount(pending, kind) })}
            </Typography>
          ))
        )}
      </Stack>
    </Stack>
  );
}
