import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { UNKNOWN_ERROR_KEY } from '../../../app/api/error-message';
import type { ChatNotice } from '../use-encryption-recovery';
import { PlanLimitLink } from './PlanLimitLink';

const noticeKey = (code: ChatNotice) =>
  code === 'unknown' ? UNKNOWN_ERROR_KEY : `errors:codes.${code}`;

const noticeSx = { maxWidth: '48rem', mx: 'auto', px: { xs: 1.5, sm: 3 }, mb: 1 } as const;

export interface ChatNoticesProps {
  /** The conversation's messages are refused until the session is unlocked. */
  locked: boolean;
  onUnlock: () => void;
  error: ChatNotice | undefined;
  loadFailed: boolean;
  onDismissError: () => void;
}

/** Over the question box: the lock of an encrypted conversation, and what went wrong. */
export function ChatNotices({
  locked,
  onUnlock,
  error,
  loadFailed,
  onDismissError,
}: ChatNoticesProps) {
  const { t } = useTranslation('chat');
  return (
    <>
      {locked && (
        <Box sx={noticeSx}>
          <Alert
            severity="info"
            icon={<LockOutlinedIcon />}
            data-testid="chat-locked"
            action={
              <Button color="inherit" size="small" onClick={onUnlock} data-testid="chat-unlock">
                {t('encryption.unlock')}
              </Button>
            }
          >
            {t('encryption.locked')}
          </Alert>
        </Box>
      )}
      {(error || loadFailed) && (
        <Box sx={noticeSx}>
          <Alert severity="error" onClose={onDismissError} data-testid="chat-error">
            {error ? t(noticeKey(error)) : t('conversation.loadFailed')}
            {error === 'monthly_limit_reached' && <PlanLimitLink />}
          </Alert>
        </Box>
      )}
    </>
  );
}
