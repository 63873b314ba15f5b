import Popover from '@mui/material/Popover';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListMyMembershipsQuery, useListReceivedInvitationsQuery } from '../api';
import { useContextSwitch } from '../use-context-switch';
import { useCurrentOrganization } from '../use-current-organization';
import { OrganizationMenuButton } from './OrganizationMenuButton';
import { OrganizationMenuContent } from './OrganizationMenuContent';
import { OrganizationMenuDialogs, type OrganizationMenuDialog } from './OrganizationMenuDialogs';

/**
 * The organization menu of the sidebar (spec §2): the current profile, the individual one,
 * the user's organizations in a short scrolling list and the invitations waiting for them.
 */
export function OrganizationMenu() {
  const { t } = useTranslation('organizations');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<OrganizationMenuDialog | null>(null);
  const current = useCurrentOrganization();
  const { data: memberships = [] } = useListMyMembershipsQuery();
  const { data: invitations = [] } = useListReceivedInvitationsQuery();
  const contextSwitch = useContextSwitch();
  const open = anchor !== null;
  const currentName = current ? current.name : t('menu.individual');
  const others = memberships.filter((membership) => membership.organization.pk !== current?.pk);

  /** The menu closes as the dialog opens. */
  function openDialog(kind: OrganizationMenuDialog) {
    setAnchor(null);
    setDialog(kind);
  }

  return (
    <>
      <OrganizationMenuButton
        menuId={menuId}
        open={open}
        current={current ?? null}
        currentName={currentName}
        invited={invitations.length > 0}
        onOpen={setAnchor}
      />
      <Popover
        id={menuId}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('menu.label'),
            sx: { width: '18rem', maxWidth: 'calc(100vw - 16px)', py: 1, mt: -1 },
          },
        }}
      >
        <OrganizationMenuContent
          current={current ?? null}
          currentName={currentName}
          others={others}
          invitations={invitations}
          failed={contextSwitch.failed}
          answering={contextSwitch.answering}
          onSwitch={contextSwitch.askToSwitch}
          onAnswer={(invitation, reply) => void contextSwitch.answer(invitation, reply)}
          onInvite={() => openDialog('invite')}
          onCreate={() => openDialog('create')}
          onClose={() => setAnchor(null)}
        />
      </Popover>
      <OrganizationMenuDialogs
        dialog={dialog}
        organizationPk={current?.pk}
        onClose={() => setDialog(null)}
        switchTarget={contextSwitch.target}
        switching={contextSwitch.switching}
        onConfirmSwitch={() => void contextSwitch.confirmSwitch()}
        onCancelSwitch={contextSwitch.cancelSwitch}
      />
    </>
  );
}
