import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { displayName, type Member } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { DetailPanel } from '../../../components/DetailPanel';
import { initials } from '../../../components/initials';

const MANAGED_ROLES = ['ADMIN', 'MEMBER', 'OBSERVER'] as const;
export type ManagedRole = (typeof MANAGED_ROLES)[number];

export function CoworkerAvatar({ member, size = 32 }: { member: Member; size?: number }) {
  return (
    <Avatar
      aria-hidden
      src={member.user.avatar_url ?? undefined}
      alt=""
      sx={{
        width: size,
        height: size,
        fontSize: size > 32 ? '1.25rem' : '0.875rem',
        fontWeight: 600,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {initials(member.user)}
    </Avatar>
  );
}

/** A member's role: a select for whoever may change it, else its name. */
export function CoworkerRole(props: {
  member: Member;
  manageable: boolean;
  onChange: (role: ManagedRole) => void;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('organizations');
  const { member } = props;
  if (!props.manageable) return <>{t(`roles.${member.role}`)}</>;
  return (
    <TextField
      select
      size="small"
      fullWidth={props.fullWidth}
      value={member.role}
      label={t('coworkers.roleOf', { name: displayName(member.user) })}
      onChange={(event) => props.onChange(event.target.value as ManagedRole)}
      sx={props.fullWidth ? undefined : { minWidth: '10rem' }}
    >
      {MANAGED_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {t(`roles.${role}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </div>
  );
}

/** The detail panel of one co-worker: who, since when, how active, and the manager's actions. */
export function CoworkerDetails(props: {
  member: Member | undefined;
  manageable: boolean;
  usage: string;
  added: string;
  activity: string;
  onRoleChange: (role: ManagedRole) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('organizations');
  const { member } = props;
  return (
    <DetailPanel
      open={member !== undefined}
      title={t('coworkers.details')}
      closeLabel={t('coworkers.closeDetails')}
      onClose={props.onClose}
      testId="coworker-details"
    >
      {member && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CoworkerAvatar member={member} size={48} />
            <div style={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {displayName(member.user)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {member.user.email}
              </Typography>
            </div>
          </Stack>
          {props.manageable ? (
            <CoworkerRole member={member} manageable onChange={props.onRoleChange} fullWidth />
          ) : (
            <Fact label={t('coworkers.role')} value={t(`roles.${member.role}`)} />
          )}
          <Fact label={t('coworkers.usage')} value={props.usage} />
          <Fact label={t('coworkers.added')} value={props.added} />
          <Fact label={t('coworkers.activity')} value={props.activity} />
          {props.manageable && (
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutlineIcon />}
              onClick={props.onRemove}
            >
              {t('coworkers.remove', { name: displayName(member.user) })}
            </Button>
          )}
        </Stack>
      )}
    </DetailPanel>
  );
}
