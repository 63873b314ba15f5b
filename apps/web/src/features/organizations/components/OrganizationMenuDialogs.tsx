import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { SwitchTarget } from '../use-context-switch';

// The wizard loads when it is opened.
const CreateOrganizationDialog = lazy(async () => ({
  default: (await import('./CreateOrganizationDialog')).CreateOrganizationDialog,
}));
const InviteDialog = lazy(async () => ({
  default: (await import('./InviteDialog')).InviteDialog,
}));

export type OrganizationMenuDialog = 'create' | 'invite';

export interface OrganizationMenuDialogsProps {
  dialog: OrganizationMenuDialog | null;
  /** The organization co-workers are invited to: the current one. */
  organizationPk: string | undefined;
  onClose: () => void;
  /** The profile to switch to, asked to confirm. */
  switchTarget: SwitchTarget | null;
  switching: boolean;
  onConfirmSwitch: () => void;
  onCancelSwitch: () => void;
}

/** The dialogs the menu opens: a new organization, an invitation, a switch to confirm. */
export function OrganizationMenuDialogs(props: OrganizationMenuDialogsProps) {
  const { t } = useTranslation('organizations');
  const { dialog, organizationPk, switchTarget } = props;
  return (
    <>
      <Suspense fallback={null}>
        {dialog === 'create' && <CreateOrganizationDialog onClose={props.onClose} />}
        {dialog === 'invite' && organizationPk && (
          <InviteDialog organizationPk={organizationPk} onClose={props.onClose} />
        )}
      </Suspense>
      <ConfirmDialog
        open={switchTarget !== null}
        title={t('switch.title', { name: switchTarget?.name ?? '' })}
        description={t('switch.description', { name: switchTarget?.name ?? '' })}
        confirmLabel={t('switch.confirm')}
        cancelLabel={t('common:cancel')}
        loading={props.switching}
        onConfirm={props.onConfirmSwitch}
        onCancel={props.onCancelSwitch}
      />
    </>
  );
}
