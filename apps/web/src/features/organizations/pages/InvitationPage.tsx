import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { logout } from '../../../app/session';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { useAnswerInvitationMutation, useGetInvitationQuery } from '../api';
import { withNoticeForReload } from '../../../app/notice-after-reload';
import { ShellNoticeCard } from '../components/ShellNoticeCard';
import { reloadIntoContext } from '../context';

function InvitationCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ShellNoticeCard
      icon={<GroupAddOutlinedIcon aria-hidden color="secondary" sx={{ fontSize: 40 }} />}
      title={title}
      testId="invitation-page"
    >
      {children}
    </ShellNoticeCard>
  );
}

/**
 * /organizations/invitation: the invitation an e-mail links to. The invited account accepts
 * or declines; another account is told to sign in with the invited address; a revoked,
 * expired, answered or unknown invitation is not found.
 */
export function InvitationPage() {
  const { t } = useTranslation('organizations');
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const type = params.get('invitation_type') ?? 'EMAIL';
  const pk = params.get('invitation_pk') ?? '';
  const {
    data: invitation,
    isLoading,
    isError,
  } = useGetInvitationQuery({ type, pk }, { skip: pk === '' });
  const [answerInvitation, answering] = useAnswerInvitationMutation();
  const [outcome, setOutcome] = useState<'declined' | 'failed' | null>(null);

  if (isLoading) return <CenteredSpinner />;
  const toChat = (
    <Button component={RouterLink} to={paths.chat} variant="outlined">
      {t('invitation.toChat')}
    </Button>
  );
  if (pk === '' || isError || !invitation) {
    return (
      <InvitationCard title={t('invitation.notFound')}>
        <Typography color="text.secondary">{t('invitation.notFoundHint')}</Typography>
        {toChat}
      </InvitationCard>
    );
  }
  const organization = invitation.organization.name;
  if (!invitation.is_for_current_user) {
    return (
      <InvitationCard title={t('invitation.mismatchTitle')}>
        <Typography color="text.secondary">
          {t('invitation.mismatch', { email: invitation.email })}
        </Typography>
        {/* Signed in again with the invited address, the login page comes back here. */}
        <Button variant="contained" onClick={() => logout(pathname + search)}>
          {t('invitation.logout')}
        </Button>
      </InvitationCard>
    );
  }
  if (outcome === 'declined') {
    return (
      <InvitationCard title={t('invitation.title')}>
        <Typography>{t('invitation.declined', { organization })}</Typography>
        {toChat}
      </InvitationCard>
    );
  }

  async function answer(reply: 'accept' | 'decline') {
    setOutcome(null);
    const joined = reply === 'accept' ? t('invitation.joined', { organization }) : undefined;
    const result = await withNoticeForReload(joined, () => answerInvitation({ pk, answer: reply }));
    if ('error' in result) setOutcome('failed');
    else if (reply === 'accept') reloadIntoContext();
    else setOutcome('declined');
  }

  return (
    <InvitationCard title={t('invitation.title')}>
      <Typography>
        {t('invitation.intro', { organization, role: t(`roles.${invitation.role}`) })}
      </Typography>
      {outcome === 'failed' && <Alert severity="error">{t('invitation.failed')}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          loading={answering.isLoading && answering.originalArgs?.answer === 'accept'}
          disabled={answering.isLoading}
          onClick={() => void answer('accept')}
        >
          {t('invitation.accept')}
        </Button>
        <Button
          loading={answering.isLoading && answering.originalArgs?.answer === 'decline'}
          disabled={answering.isLoading}
          onClick={() => void answer('decline')}
        >
          {t('invitation.decline')}
        </Button>
      </Stack>
    </InvitationCard>
  );
}
