import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { EmailChipsField } from './EmailChipsField';

export const INVITED_ROLES = ['ADMIN', 'MEMBER', 'OBSERVER'] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];

/** Who to invite and as what: the e-mail chips and one role for all (never Owner). */
export function InviteFields(props: {
  emails: string[];
  onEmailsChange: (emails: string[]) => void;
  role: InvitedRole;
  onRoleChange: (role: InvitedRole) => void;
}) {
  const { t } = useTranslation('organizations');
  return (
    <Stack spacing={2}>
      <EmailChipsField value={props.emails} onChange={props.onEmailsChange} />
      <TextField
        select
        label={t('create.role')}
        value={props.role}
        onChange={(event) => props.onRoleChange(event.target.value as InvitedRole)}
      >
        {INVITED_ROLES.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`roles.${option}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
