import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CODE_RULES } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retryAfterSeconds } from '../../app/api/error-message';
import { useCountdown } from './use-countdown';

const COOLDOWN_SECONDS = CODE_RULES.resendCooldownMs / 1000;

export interface ResendCodeButtonProps {
  /**
   * Sends a new code: resolves true when sent, false when nothing was sent (e.g. the
   * e-mail is not valid yet), and rejects with the call's error (shown by the form).
   */
  onResend: () => Promise<boolean>;
  /** True when a code has just been sent, so the server's cooldown is already running. */
  justSent?: boolean;
  testId?: string;
}

/** "Send a new code", disabled with a countdown while the server would refuse. */
export function ResendCodeButton({ onResend, justSent = false, testId }: ResendCodeButtonProps) {
  const { t } = useTranslation('auth');
  const { seconds, start } = useCountdown(justSent ? COOLDOWN_SECONDS : 0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function resend() {
    setSending(true);
    setSent(false);
    try {
      if (await onResend()) {
        setSent(true);
        start(COOLDOWN_SECONDS);
      }
    } catch (error) {
      start(retryAfterSeconds(error) ?? 0);
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="text"
        onClick={() => void resend()}
        disabled={seconds > 0}
        loading={sending}
        data-testid={testId}
        sx={{ px: 1, ml: -1 }}
      >
        {seconds > 0 ? t('resend.wait', { count: seconds }) : t('resend.action')}
      </Button>
      <Typography role="status" variant="body2" color="text.secondary">
        {sent ? t('resend.sent') : ''}
      </Typography>
    </Stack>
  );
}
