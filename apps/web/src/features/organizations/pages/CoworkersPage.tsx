import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { displayName, type Member, type Organization } from '@themis/shared';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../app/api/error-message';
import { useToast } from '../../../app/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  useMembershipStatsQuery,
  useRemoveMemberMutation,
  useUpdateMemberRoleMutation,
} from '../api';
import { CoworkerDetails, type ManagedRole } from '../components/CoworkerDetails';
import { CoworkerPageRows, CoworkerRow } from '../components/CoworkerRow';
import { OrganizationTable } from '../components/OrganizationTable';
import { useCoworkerFormat } from '../use-coworker-format';
import { useCursorPages } from '../use-cursor-pages';

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
  const toast = useToast();
  const format = useCoworkerFormat();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const pages = useCursorPages();
  const [removing, setRemoving] = useState<Member>();
  // The member whose detail panel is open.
  const [shown, setShown] = useState<Member>();
  const [error, setError] = useState<string>();
  const stats = useMembershipStatsQuery(organization.pk);
  const [updateRole] = useUpdateMemberRoleMutation();
  const [removeMember, removal] = useRemoveMemberMutation();

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
            members: format.number(stats.data.members_count),
            used: format.number(stats.data.used_tokens),
            limit: format.number(stats.data.limit_tokens),
          })}
        </Typography>
      )}
      <TextField
        type="search"
        label={t('coworkers.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          pages.restart();
        }}
        sx={{ maxWidth: '24rem' }}
      />
      {error && <Alert severity="error">{t(error)}</Alert>}
      <OrganizationTable
        label={t('coworkers.table')}
        columns={[
          { label: t('coworkers.person') },
          { label: t('coworkers.role'), wideOnly: true },
          { label: t('coworkers.usage'), wideOnly: true, align: 'right' },
          { label: t('coworkers.added'), wideOnly: true },
          { label: t('coworkers.activity'), wideOnly: true },
        ]}
        pages={pages}
        renderPage={(paging) => (
          <CoworkerPageRows
            organizationPk={organization.pk}
            search={deferredSearch}
            paging={paging}
            render={(member) => (
              <CoworkerRow
                key={member.pk}
                member={member}
                format={format}
                manageable={manageable(organization, member)}
                onRoleChange={(role) => void changeRole(member, role)}
                onShowDetails={() => setShown(member)}
                onRemove={() => setRemoving(member)}
              />
            )}
          />
        )}
      />
      <CoworkerDetails
        member={shown}
        manageable={shown !== undefined && manageable(organization, shown)}
        usage={shown ? format.number(shown.usage) : ''}
        added={shown ? format.date(shown.date_added) : ''}
        activity={shown ? format.activity(shown) : ''}
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
