import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
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
import { DEFAULT_DATE_FORMAT, displayName, type Member, type Organization } from '@themis/shared';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../app/api/error-message';
import { useToast } from '../../../app/toast';
import { formatDate } from '../../../app/dates';
import { useLanguage } from '../../../app/use-language';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { visuallyHidden } from '../../../components/visually-hidden';
import {
  useListMembersQuery,
  useMembershipStatsQuery,
  useRemoveMemberMutation,
  useUpdateMemberRoleMutation,
} from '../api';
import {
  CoworkerAvatar,
  CoworkerDetails,
  CoworkerRole,
  type ManagedRole,
} from '../components/CoworkerDetails';
import { PageRows } from '../components/PageRows';

/**
 * Columns shown on wide screens only: on narrow ones a row is the person and the role under
 * the name, and the rest is in the detail panel.
 */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
const WIDE_ONLY_INLINE = { display: { xs: 'none', md: 'inline-flex' } } as const;

/** Whether `organization`'s manager (the user) may change this member (decisions.md). */
function manageable(organization: Organization, member: Member): boolean {
  if (member.role === 'OWNER') return false;
  return organization.role === 'OWNER' || member.role !== 'ADMIN';
}

/**
 * The co-workers tab (spec §2 Organizations): who is in the firm, their role, this month's
 * tokens, when they joined and were last active; owners and admins change roles and remove.
 */
export function CoworkersPage({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const { language } = useLanguage();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [removing, setRemoving] = useState<Member>();
  // The member whose detail panel is open.
  const [shown, setShown] = useState<Member>();
  const [error, setError] = useState<string>();
  const stats = useMembershipStatsQuery(organization.pk);
  const [updateRole] = useUpdateMemberRoleMutation();
  const [removeMember, removal] = useRemoveMemberMutation();
  const numbers = new Intl.NumberFormat(language === 'pl' ? 'pl-PL' : 'en-GB');
  // The product's one date format in either language (spec §9).
  const date = (value: string) => formatDate(value, DEFAULT_DATE_FORMAT, { language });
  const activityOf = (member: Member) =>
    member.latest_activity ? date(member.latest_activity) : t('coworkers.never');

  async function changeRole(member: Member, role: ManagedRole) {
    setError(undefined);
    const result = await updateRole({ membershipPk: member.pk, role });
    if ('error' in result) setError(errorMessageKey(result.error));
    else {
      setShown((open) => (open?.pk === member.pk ? { ...open, role } : open));
      const values = { name: displayName(member.user), role: t(`roles.${role}`) };
      void toast.show(t('coworkers.roleChanged', values), { variant: 'success' });
    }
  }

  async function confirmRemoval() {
    if (!removing) return;
    setError(undefined);
    const result = await removeMember(removing.pk);
    if ('error' in result) setError(errorMessageKey(result.error));
    else {
      const values = { name: displayName(removing.user) };
      void toast.show(t('coworkers.removed', values), { variant: 'success' });
      setShown(undefined);
    }
    setRemoving(undefined);
  }

  return (
    <Stack spacing={2} data-testid="coworkers-page">
      {stats.data && (
        <Typography color="text.secondary" data-testid="coworkers-stats">
          {t('coworkers.stats', {
            members: numbers.format(stats.data.members_count),
            used: numbers.format(stats.data.used_tokens),
            limit: numbers.format(stats.data.limit_tokens),
          })}
        </Typography>
      )}
      <TextField
        type="search"
        label={t('coworkers.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setCursors([undefined]);
        }}
        sx={{ maxWidth: '24rem' }}
      />
      {error && <Alert severity="error">{t(error)}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={t('coworkers.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('coworkers.person')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('coworkers.role')}</TableCell>
              <TableCell sx={WIDE_ONLY} align="right">
                {t('coworkers.usage')}
              </TableCell>
              <TableCell sx={WIDE_ONLY}>{t('coworkers.added')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('coworkers.activity')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('coworkers.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {cursors.map((cursor) => (
              <MemberRows
                key={cursor ?? 'first'}
                organization={organization}
                search={deferredSearch}
                cursor={cursor}
                render={(member) => (
                  <TableRow key={member.pk} data-testid="coworker-row">
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                        <CoworkerAvatar member={member} />
                        <Box sx={{ minWidth: 0 }}>
                          <Typography
                            variant="body2"
                            sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                          >
                            {displayName(member.user)}
                          </Typography>
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            component="div"
                            sx={{ overflowWrap: 'anywhere' }}
                          >
                            {member.user.email}
                          </Typography>
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            component="div"
                            sx={{ display: { md: 'none' } }}
                          >
                            {t(`roles.${member.role}`)}
                          </Typography>
                        </Box>
                      </Stack>
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>
                      <CoworkerRole
                        member={member}
                        manageable={manageable(organization, member)}
                        onChange={(role) => void changeRole(member, role)}
                      />
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {numbers.format(member.usage)}
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{date(member.date_added)}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{activityOf(member)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton
                        aria-label={t('coworkers.showDetails', { name: displayName(member.user) })}
                        onClick={() => setShown(member)}
                      >
                        <InfoOutlinedIcon />
                      </IconButton>
                      {manageable(organization, member) && (
                        <IconButton
                          aria-label={t('coworkers.remove', { name: displayName(member.user) })}
                          onClick={() => setRemoving(member)}
                          sx={WIDE_ONLY_INLINE}
                        >
                          <DeleteOutlineIcon />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                )}
                onMore={(next) => setCursors((shown) => [...shown, next])}
                isLast={cursor === cursors.at(-1)}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <CoworkerDetails
        member={shown}
        manageable={shown !== undefined && manageable(organization, shown)}
        usage={shown ? numbers.format(shown.usage) : ''}
        added={shown ? date(shown.date_added) : ''}
        activity={shown ? activityOf(shown) : ''}
        onRoleChange={(role) => shown && void changeRole(shown, role)}
        onRemove={() => setRemoving(shown)}
        onClose={() => setShown(undefined)}
      />
      <ConfirmDialog
        open={removing !== undefined}
        title={t('coworkers.removeTitle')}
        description={t('coworkers.removeDescription', {
          name: removing ? displayName(removing.user) : '',
        })}
        confirmLabel={t('coworkers.removeConfirm')}
        cancelLabel={t('common:cancel')}
        destructive
        loading={removal.isLoading}
        onConfirm={() => void confirmRemoval()}
        onCancel={() => setRemoving(undefined)}
      />
    </Stack>
  );
}

/** One page of the list, with the button for the next one under the last page. */
function MemberRows(props: {
  organization: Organization;
  search: string;
  cursor: string | undefined;
  isLast: boolean;
  render: (member: Member) => ReactNode;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('organizations');
  const { data } = useListMembersQuery({
    organizationPk: props.organization.pk,
    search: props.search || undefined,
    cursor: props.cursor,
  });
  return (
    <PageRows
      page={data}
      isFirst={props.cursor === undefined}
      isLast={props.isLast}
      columns={6}
      none={t('coworkers.none')}
      render={props.render}
      onMore={props.onMore}
    />
  );
}
