import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Organization } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteOrganizationDialog } from '../components/DeleteOrganizationDialog';
import { OrganizationDetailsForm } from '../components/OrganizationDetailsForm';
import { TransferOwnershipDialog } from '../components/TransferOwnershipDialog';

/** One of the owner's steps: what it does, and the button that starts it. */
function OwnerAction(props: {
  hint: string;
  label: string;
  destructive?: boolean;
  onClick: () => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography variant="body2" color="text.secondary">
        {props.hint}
      </Typography>
      <Button
        variant="outlined"
        color={props.destructive ? 'error' : 'primary'}
        onClick={props.onClick}
        sx={{ flexShrink: 0 }}
      >
        {props.label}
      </Button>
    </Stack>
  );
}

/** The general tab: the organization's details, and for its owner the irreversible steps. */
export function GeneralPage({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const [dialog, setDialog] = useState<'transfer' | 'delete' | null>(null);
  return (
    <Stack spacing={4} data-testid="organization-general">
      <OrganizationDetailsForm key={organization.pk} organization={organization} />
      {organization.role === 'OWNER' && (
        <Stack spacing={2} sx={{ maxWidth: '40rem' }} data-testid="organization-owner-actions">
          <Divider />
          <Typography component="h2" variant="h6">
            {t('owner.heading')}
          </Typography>
          <OwnerAction
            hint={t('owner.transferHint')}
            label={t('owner.transfer')}
            onClick={() => setDialog('transfer')}
          />
          <OwnerAction
            hint={t('owner.deleteHint')}
            label={t('owner.delete')}
            destructive
            onClick={() => setDialog('delete')}
          />
        </Stack>
      )}
      {dialog === 'transfer' && (
        <TransferOwnershipDialog organization={organization} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && (
        <DeleteOrganizationDialog organization={organization} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
