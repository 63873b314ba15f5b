import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Invitation } from '@themis/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListInvitationsQuery } from '../api';
import type { TablePaging } from './OrganizationTable';
import { PageRows } from './PageRows';
import { PHONE_ONLY, WIDE_ONLY } from './table-layout';

export interface InvitationFilters {
  search: string;
  /** Days (yyyy-MM-dd) the invitations were created from and to; empty: open-ended. */
  from: string;
  to: string;
}

/** One page of the invitations the filters let through. */
export function InvitationPageRows(props: {
  organizationPk: string;
  filters: InvitationFilters;
  paging: TablePaging;
  render: (invitation: Invitation) => ReactNode;
}) {
  const { t } = useTranslation('organizations');
  const { search, from, to } = props.filters;
  const { data } = useListInvitationsQuery({
    organizationPk: props.organizationPk,
    search: search.trim() || undefined,
    from: from || undefined,
    to: to || undefined,
    cursor: props.paging.cursor,
  });
  return (
    <PageRows page={data} paging={props.paging} none={t('invites.none')} render={props.render} />
  );
}

export interface InvitationRowProps {
  invitation: Invitation;
  date: (value: string) => string;
  onResend: () => void;
  onRevoke: () => void;
}

/**
 * An invitation: the address, role, status, when sent and when it expires (on a phone under
 * the address); one still open can be sent again or revoked.
 */
export function InvitationRow({ invitation, date, onResend, onRevoke }: InvitationRowProps) {
  const { t } = useTranslation('organizations');
  return (
    <TableRow data-testid="invitation-row">
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {invitation.email}
        <Typography variant="caption" color="text.secondary" component="div" sx={PHONE_ONLY}>
          {[
            t(`roles.${invitation.role}`),
            t(`invites.statuses.${invitation.status}`),
            `${t('invites.expires')} ${date(invitation.expires_at)}`,
          ].join(' · ')}
        </Typography>
      </TableCell>
      <TableCell sx={WIDE_ONLY}>{t(`roles.${invitation.role}`)}</TableCell>
      <TableCell sx={WIDE_ONLY}>
        <Chip
          size="small"
          label={t(`invites.statuses.${invitation.status}`)}
          variant={invitation.status === 'sent' ? 'filled' : 'outlined'}
        />
      </TableCell>
      <TableCell sx={WIDE_ONLY}>{date(invitation.created_at)}</TableCell>
      <TableCell sx={WIDE_ONLY}>{date(invitation.expires_at)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {invitation.status === 'sent' && (
          <>
            <IconButton
              aria-label={t('invites.resend', { email: invitation.email })}
              onClick={onResend}
            >
              <ForwardToInboxOutlinedIcon />
            </IconButton>
            <IconButton
              aria-label={t('invites.revoke', { email: invitation.email })}
              onClick={onRevoke}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}
