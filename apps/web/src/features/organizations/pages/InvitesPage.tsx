import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_DATE_FORMAT, type Invitation, type Organization } from '@themis/shared';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/toast';
import { formatDate } from '../../../app/dates';
import { useLanguage } from '../../../app/use-language';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormError } from '../../../components/form/FormError';
import { visuallyHidden } from '../../../components/visually-hidden';
import {
  useListInvitationsQuery,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} from '../api';
import { DateFilterField } from '../../../components/form/DateFilterField';
import { InviteDialog } from '../components/InviteDialog';
import { PageRows } from '../components/PageRows';

/** Columns shown beside the address on wide screens; on narrow ones under it. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

interface Filters {
  search: string;
  from: string;
  to: string;
}

/**
 * The invitations tab (spec §2): who was invited, newest first, searched by address and
 * narrowed to a creation range; open invitations can be resent or revoked.
 */
export function InvitesPage({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const toast = useToast();
  const { language } = useLanguage();
  const [filters, setFilters] = useState<Filters>({ search: '', from: '', to: '' });
  const deferred = useDeferredValue(filters);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<Invitation>();
  const [error, setError] = useState<unknown>();
  const [resend] = useResendInvitationMutation();
  const [revoke, revocation] = useRevokeInvitationMutation();
  // The product's one date format in either language (spec §9).
  const date = (value: string) => formatDate(value, DEFAULT_DATE_FORMAT, { language });

  const filter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setCursors([undefined]);
  };

  async function resendTo(invitation: Invitation) {
    setError(undefined);
    const result = await resend(invitation);
    if ('error' in result) setError(result.error);
    else void toast.show(t('invites.resent', { email: invitation.email }), { variant: 'success' });
  }

  async function confirmRevoke() {
    if (!revoking) return;
    setError(undefined);
    const result = await revoke(revoking);
    if ('error' in result) setError(result.error);
    else void toast.show(t('invites.revoked', { email: revoking.email }), { variant: 'success' });
    setRevoking(undefined);
  }

  return (
    <Stack spacing={2} data-testid="invites-page">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
      >
        <TextField
          type="search"
          label={t('invites.search')}
          value={filters.search}
          onChange={(event) => filter({ search: event.target.value })}
          sx={{ flexGrow: 1, maxWidth: { md: '24rem' } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateFilterField
            label={t('invites.from')}
            value={filters.from}
            onChange={(from) => filter({ from })}
            maxDay={filters.to || undefined}
            testId="invites-from"
          />
          <DateFilterField
            label={t('invites.to')}
            value={filters.to}
            onChange={(to) => filter({ to })}
            minDay={filters.from || undefined}
            testId="invites-to"
          />
        </Stack>
        <Box sx={{ flexGrow: { md: 1 } }} />
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1OutlinedIcon />}
          onClick={() => setInviting(true)}
          sx={{ flexShrink: 0 }}
          data-testid="invite-open"
        >
          {t('invites.invite')}
        </Button>
      </Stack>
      <FormError error={error} />
      <TableContainer>
        <Table size="small" aria-label={t('invites.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('invites.email')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('coworkers.role')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('invites.status')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('invites.sent')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('invites.expires')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('coworkers.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {cursors.map((cursor) => (
              <InvitationRows
                key={cursor ?? 'first'}
                organizationPk={organization.pk}
                filters={deferred}
                cursor={cursor}
                isLast={cursor === cursors.at(-1)}
                onMore={(next) => setCursors((shown) => [...shown, next])}
                render={(invitation) => (
                  <TableRow key={invitation.pk} data-testid="invitation-row">
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {invitation.email}
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ display: { md: 'none' } }}
                      >
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
                            onClick={() => void resendTo(invitation)}
                          >
                            <ForwardToInboxOutlinedIcon />
                          </IconButton>
                          <IconButton
                            aria-label={t('invites.revoke', { email: invitation.email })}
                            onClick={() => setRevoking(invitation)}
                          >
                            <DeleteOutlineIcon />
                          </IconButton>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                )}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {inviting && (
        <InviteDialog organizationPk={organization.pk} onClose={() => setInviting(false)} />
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        title={t('invites.revokeTitle')}
        description={t('invites.revokeDescription', { email: revoking?.email ?? '' })}
        confirmLabel={t('invites.revokeConfirm')}
        cancelLabel={t('common:cancel')}
        destructive
        loading={revocation.isLoading}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(undefined)}
      />
    </Stack>
  );
}

/** One page of the list, with the button for the next one under the last page. */
function InvitationRows(props: {
  organizationPk: string;
  filters: Filters;
  cursor: string | undefined;
  isLast: boolean;
  render: (invitation: Invitation) => ReactNode;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('organizations');
  const { search, from, to } = props.filters;
  const { data } = useListInvitationsQuery({
    organizationPk: props.organizationPk,
    search: search.trim() || undefined,
    from: from || undefined,
    to: to || undefined,
    cursor: props.cursor,
  });
  return (
    <PageRows
      page={data}
      isFirst={props.cursor === undefined}
      isLast={props.isLast}
      columns={6}
      none={t('invites.none')}
      render={props.render}
      onMore={props.onMore}
    />
  );
}
