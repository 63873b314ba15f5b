import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api/error-message';
import { withNoticeForReload } from '../../../app/notice-after-reload';
import { useToast } from '../../../app/toast';
import { useGetMeQuery } from '../../user/api';
import { useLockDecryptionMutation } from '../api';
import { restartTab } from '../restart-tab';

export interface EncryptionLockButtonProps {
  /** An icon alone, for the phone's header bar. */
  compact?: boolean;
}

/**
 * Shown while the session has the encrypted conversations unlocked: says so, and locks them
 * again. The tabs of the session start again locked, each with a notice saying why.
 */
export function EncryptionLockButton({ compact = false }: EncryptionLockButtonProps) {
  const { t } = useTranslation('encryption');
  const toast = useToast();
  const { data: me } = useGetMeQuery();
  const [lock, { isLoading }] = useLockDecryptionMutation();
  const status = me?.encryption;
  if (!status?.is_encryption_key_set || !status.is_decryption_unlocked) return null;

  async function lockNow() {
    try {
      await withNoticeForReload(t('session.locked'), () => lock().unwrap());
      restartTab();
    } catch (error) {
      const { key, values } = errorMessage(error);
      void toast.show(t(key, values), { variant: 'error' });
    }
  }

  const label = t('session.lockLabel');
  const onClick = () => {
    if (!isLoading) void lockNow();
  };
  return (
    <Tooltip title={t('session.unlocked')} describeChild>
      {compact ? (
        <IconButton aria-label={label} onClick={onClick} data-testid="encryption-lock">
          <LockOpenOutlinedIcon />
        </IconButton>
      ) : (
        <Button
          size="small"
          color="inherit"
          variant="outlined"
          startIcon={<LockOpenOutlinedIcon />}
          aria-label={label}
          onClick={onClick}
          data-testid="encryption-lock"
          sx={{ flexShrink: 0 }}
        >
          {t('session.lock')}
        </Button>
      )}
    </Tooltip>
  );
}
