import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEFAULT_DATE_FORMAT, type Invitation, type Organization } from '@themis/shared';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/toast';
import { formatDate } from '../../../app/dates';
import { useLanguage } from '../../../app/use-language';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormError } from '../../../components/form/FormError';
import { useResendInvitationMutation, useRevokeInvitationMutation } from '../api';
import { DateFilterField } from '../../../components/form/DateFilterField';
import {
  InvitationPageRows,
  InvitationRow,
  type InvitationFilters,
} from '../components/InvitationRow';
import { InviteDialog } from '../components/InviteDialog';
import { OrganizationTable } from '../components/OrganizationTable';
import { useCursorPages } from '../use-cursor-pages';

/**
 * The invitations tab (spec §2): who was invited, newest first, searched by address and
 * narrowed to a creation range; open invitations can be resent or revoked.
 */
export function InvitesPage({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const toast = useToast();
  const { language } = useLanguage();
  const [filters, setFilters] = useState<InvitationFilters>({ search: '', from: '', to: '' });
  const deferred = useDeferredValue(filters);
  const pages = useCursorPages();
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<Invitation>();
  const [error, setError] = useState<unknown>();
  const [resend] = useResendInvitationMutation();
  const [revoke, revocation] = useRevokeInvitationMutation();
  // The product's one date format in either language (spec §9).
  const date = (value: string) => formatDate(value, DEFAULT_DATE_FORMAT, { language });

  const filter = (patch: Partial<InvitationFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    pages.restart();
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
      <OrganizationTable
        label={t('invites.table')}
        columns={[
          { label: t('invites.email') },
          { label: t('coworkers.role'), wideOnly: true },
          { label: t('invites.status'), wideOnly: true },
          { label: t('invites.sent'), wideOnly: true },
          { label: t('invites.expires'), wideOnly: true },
        ]}
        pages={pages}
        renderPage={(paging) => (
          <InvitationPageRows
            organizationPk={organization.pk}
            filters={deferred}
            paging={paging}
            render={(invitation) => (
              <InvitationRow
                key={invitation.pk}
                invitation={invitation}
                date={date}
                onResend={() => void resendTo(invitation)}
                onRevoke={() => setRevoking(invitation)}
              />
            )}
          />
        )}
      />
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
