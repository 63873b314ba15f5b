import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { displayName, type Member, type Organization } from '@themis/shared';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/toast';
import { useListMembersQuery, useTransferOwnershipMutation } from '../api';
import { OwnerCodeDialog } from './OwnerCodeDialog';

/** Hands the organization to a member: they become Owner, the owner Administrator. */
export function TransferOwnershipDialog({
  organization,
  onClose,
}: {
  organization: Organization;
  onClose: () => void;
}) {
  const { t } = useTranslation('organizations');
  const toast = useToast();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [member, setMember] = useState<Member | null>(null);
  const { data, isFetching } = useListMembersQuery({
    organizationPk: organization.pk,
    search: deferredSearch || undefined,
  });
  const [transfer] = useTransferOwnershipMutation();
  const candidates = (data?.items ?? []).filter((item) => item.role !== 'OWNER');

  return (
    <OwnerCodeDialog
      testId="transfer-ownership-dialog"
      title={t('owner.transferTitle')}
      warning={t('owner.transferWarning')}
      confirmLabel={t('owner.transferConfirm')}
      ready={member !== null}
      choice={
        <Autocomplete
          options={candidates}
          value={member}
          onChange={(_event, chosen) => setMember(chosen)}
          inputValue={search}
          onInputChange={(_event, text) => setSearch(text)}
          filterOptions={(options) => options}
          getOptionLabel={(option) => `${displayName(option.user)} (${option.user.email})`}
          isOptionEqualToValue={(option, value) => option.pk === value.pk}
          loading={isFetching}
          noOptionsText={t('owner.noCandidates')}
          loadingText={t('owner.loading')}
          renderInput={(params) => (
            <TextField {...params} label={t('owner.newOwner')} data-testid="new-owner" />
          )}
        />
      }
      sendCode={() => transfer({ membershipPk: member!.pk }).unwrap()}
      confirm={async (code) => {
        await transfer({ membershipPk: member!.pk, code }).unwrap();
        void toast.show(t('owner.transferred', { name: member ? displayName(member.user) : '' }), {
          variant: 'success',
        });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
