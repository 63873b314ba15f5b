import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import type { ReceivedInvitation } from '@themis/shared';
import { useTranslation } from 'react-i18next';

export interface ReceivedInvitationListProps {
  invitations: ReceivedInvitation[];
  /** An answer is on its way: the buttons wait. */
  answering: boolean;
  onAnswer: (invitation: ReceivedInvitation, reply: 'accept' | 'decline') => void;
}

/** The invitations waiting for the user, each accepted or declined from the menu. */
export function ReceivedInvitationList({
  invitations,
  answering,
  onAnswer,
}: ReceivedInvitationListProps) {
  const { t } = useTranslation('organizations');
  return (
    <List
      component="div"
      dense
      subheader={
        <ListSubheader component="div" disableSticky>
          {t('menu.invitations')}
        </ListSubheader>
      }
    >
      {invitations.map((invitation) => (
        <Box key={invitation.pk} sx={{ px: 2, py: 0.5 }} data-testid="organization-invitation">
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {invitation.organization.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('menu.invitedAs', { role: t(`roles.${invitation.role}`) })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
            <Button
              size="small"
              variant="contained"
              disabled={answering}
              aria-label={t('menu.acceptInvitation', {
                organization: invitation.organization.name,
              })}
              onClick={() => onAnswer(invitation, 'accept')}
            >
              {t('menu.accept')}
            </Button>
            <Button
              size="small"
              disabled={answering}
              aria-label={t('menu.declineInvitation', {
                organization: invitation.organization.name,
              })}
              onClick={() => onAnswer(invitation, 'decline')}
            >
              {t('menu.decline')}
            </Button>
          </Box>
        </Box>
      ))}
    </List>
  );
}
