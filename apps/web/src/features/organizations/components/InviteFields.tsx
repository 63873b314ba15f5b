import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_INVITATION_ROLE } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailChipsField } from './EmailChipsField';

const INVITED_ROLES = ['ADMIN', 'MEMBER', 'OBSERVER'] as const;
type InvitedRole = (typeof INVITED_ROLES)[number];

/** Who to invite and as what: one role for all, and any address's own. */
export interface InviteChoice {
  emails: string[];
  setEmails: (emails: string[]) => void;
  role: InvitedRole;
  /** Every address then takes it, its own role forgotten. */
  setRole: (role: InvitedRole) => void;
  roleOf: (email: string) => InvitedRole;
  setRoleOf: (email: string, role: InvitedRole) => void;
  /** The addresses whose role differs from the common one, as the create call takes them. */
  ownRoles: () => Record<string, InvitedRole>;
}

export function useInviteChoice(): InviteChoice {
  const [emails, setEmails] = useState<string[]>([]);
  const [role, setCommonRole] = useState<InvitedRole>(DEFAULT_INVITATION_ROLE);
  const [own, setOwn] = useState<Record<string, InvitedRole>>({});
  const roleOf = (email: string) => own[email] ?? role;
  return {
    emails,
    setEmails,
    role,
    setRole: (next) => {
      setCommonRole(next);
      setOwn({});
    },
    roleOf,
    setRoleOf: (email, next) => setOwn((roles) => ({ ...roles, [email]: next })),
    ownRoles: () =>
      Object.fromEntries(emails.filter((email) => roleOf(email) !== role).map((e) => [e, own[e]!])),
  };
}

function RoleSelect(props: {
  label: string;
  value: InvitedRole;
  onChange: (role: InvitedRole) => void;
  /** An address's own: small, and named by the address beside it (its element's id). */
  addressId?: string;
}) {
  const { t } = useTranslation('organizations');
  const labelId = useId();
  const { addressId } = props;
  return (
    <TextField
      select
      label={props.label}
      size={addressId ? 'small' : undefined}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as InvitedRole)}
      sx={addressId ? { minWidth: 150, flexShrink: 0 } : undefined}
      slotProps={{
        inputLabel: { id: labelId },
        select: { labelId: addressId ? `${addressId} ${labelId}` : labelId },
      }}
    >
      {INVITED_ROLES.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`roles.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The e-mail chips and the role (never Owner): one for all, and with several addresses each
 * address's own, which starts as the common one.
 */
export function InviteFields({ choice }: { choice: InviteChoice }) {
  const { t } = useTranslation('organizations');
  const listId = useId();
  const several = choice.emails.length > 1;
  return (
    <Stack spacing={2}>
      <EmailChipsField value={choice.emails} onChange={choice.setEmails} />
      <RoleSelect
        label={t(several ? 'create.roleForAll' : 'create.role')}
        value={choice.role}
        onChange={choice.setRole}
      />
      {several && (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {choice.emails.map((email, index) => (
            <Stack
              component="li"
              key={email}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
              data-testid="invite-address-role"
            >
              <Typography
                id={`${listId}-${index}`}
                sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {email}
              </Typography>
              <RoleSelect
                addressId={`${listId}-${index}`}
                label={t('create.role')}
                value={choice.roleOf(email)}
                onChange={(role) => choice.setRoleOf(email, role)}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
