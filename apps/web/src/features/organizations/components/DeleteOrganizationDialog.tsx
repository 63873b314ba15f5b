import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { Organization } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteOrganizationMutation } from '../api';
import { withNoticeForReload } from '../../../app/notice-after-reload';
import { reloadIntoContext } from '../context';
import { OwnerCodeDialog } from './OwnerCodeDialog';

/**
 * Deletes the organization (owner): a consent and the e-mailed code. It turns inactive at
 * once and everyone, the owner included, is back in their individual profile.
 */
export function DeleteOrganizationDialog({
  organization,
  onClose,
}: {
  organization: Organization;
  onClose: () => void;
}) {
  const { t } = useTranslation('organizations');
  const [consent, setConsent] = useState(false);
  const [deleteOrganization] = useDeleteOrganizationMutation();

  return (
    <OwnerCodeDialog
      testId="delete-organization-dialog"
      title={t('owner.deleteTitle', { name: organization.name })}
      warning={t('owner.deleteWarning')}
      confirmLabel={t('owner.deleteConfirm')}
      ready={consent}
      choice={
        <FormControlLabel
          control={
            <Checkbox
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'delete-organization-consent' } as object }}
            />
          }
          label={t('owner.deleteConsent')}
        />
      }
      sendCode={() => deleteOrganization({ organizationPk: organization.pk }).unwrap()}
      confirm={async (code) => {
        // Whichever comes first, this answer or the socket closed by the change, reloads.
        await withNoticeForReload(t('owner.deleted', { name: organization.name }), () =>
          deleteOrganization({ organizationPk: organization.pk, code }).unwrap(),
        );
        reloadIntoContext();
      }}
      onClose={onClose}
    />
  );
}
