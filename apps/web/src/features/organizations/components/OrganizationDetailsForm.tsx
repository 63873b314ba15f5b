import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ZOrganizationName, type Organization } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/toast';
import { ChipsSelect } from '../../../components/form/ChipsSelect';
import { FormError } from '../../../components/form/FormError';
import { useFieldErrorText } from '../../../components/form/field-error';
import { ProfilePicturePicker, type PictureValue } from '../../../components/ProfilePicturePicker';
import { useListModelChoicesQuery, useUpdateOrganizationMutation } from '../api';
import { EncryptionPolicySwitch } from './EncryptionPolicySwitch';

const UNCHANGED: PictureValue = { kind: 'unchanged' };

interface Draft {
  name: string;
  /** null: every model. */
  allowedModels: string[] | null;
  sharingOutside: boolean;
  exportAllowed: boolean;
}

const draftOf = (organization: Organization): Draft => ({
  name: organization.name,
  allowedModels: organization.allowed_models,
  sharingOutside: organization.is_sharing_outside_allowed,
  exportAllowed: organization.is_export_allowed,
});

const sameModels = (a: string[] | null, b: string[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((id) => b.includes(id));

/**
 * The general tab's form (spec §2): name and logo, the models members may use, and the
 * switches for sharing outside the organization and for exporting. Only what changed is sent; Cancel puts
 * everything back. Forced encryption sits among the policies but applies at once.
 */
export function OrganizationDetailsForm({ organization }: { organization: Organization }) {
  // The demo model's name is translated where the chat names it.
  const { t } = useTranslation(['organizations', 'chat']);
  const toast = useToast();
  const fieldErrorText = useFieldErrorText();
  const [draft, setDraft] = useState(() => draftOf(organization));
  const [picture, setPicture] = useState<PictureValue>(UNCHANGED);
  const [error, setError] = useState<unknown>();
  const choices = useListModelChoicesQuery(organization.pk);
  const models = choices.data ?? [];
  const [update, updating] = useUpdateOrganizationMutation();
  const saved = draftOf(organization);

  const nameCheck = ZOrganizationName.safeParse(draft.name);
  const nameError = nameCheck.success ? undefined : nameCheck.error.issues[0]?.message;
  const noModelChosen = draft.allowedModels !== null && draft.allowedModels.length === 0;
  const changes = {
    ...(draft.name.trim() !== saved.name && { name: draft.name }),
    ...(!sameModels(draft.allowedModels, saved.allowedModels) && {
      allowed_models: draft.allowedModels,
    }),
    ...(draft.sharingOutside !== saved.sharingOutside && {
      is_sharing_outside_allowed: draft.sharingOutside,
    }),
    ...(draft.exportAllowed !== saved.exportAllowed && {
      is_export_allowed: draft.exportAllowed,
    }),
  };
  const changed = Object.keys(changes).length > 0 || picture.kind !== 'unchanged';
  const valid = nameCheck.success && !noModelChosen;

  const edit = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  async function save() {
    setError(undefined);
    const result = await update({ organizationPk: organization.pk, fields: changes, picture });
    if ('error' in result) {
      setError(result.error);
      return;
    }
    // The sharing and export switches have their own notices; the rest of the form, the saved one.
    const {
      is_sharing_outside_allowed: sharing,
      is_export_allowed: exporting,
      ...details
    } = changes;
    if (Object.keys(details).length > 0 || picture.kind !== 'unchanged') {
      void toast.show(t('general.saved'), { variant: 'success' });
    }
    if (sharing !== undefined) {
      void toast.show(t(sharing ? 'general.sharingOn' : 'general.sharingOff'), {
        variant: 'success',
      });
    }
    if (exporting !== undefined) {
      void toast.show(t(exporting ? 'general.exportOn' : 'general.exportOff'), {
        variant: 'success',
      });
    }
    setDraft(draftOf(result.data));
    setPicture(UNCHANGED);
  }

  function cancel() {
    setDraft(saved);
    setPicture(UNCHANGED);
    setError(undefined);
  }

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && changed) void save();
      }}
      data-testid="organization-details-form"
      sx={{ maxWidth: '40rem' }}
    >
      <FormError error={error} />
      <ProfilePicturePicker
        subject="logo"
        currentUrl={organization.avatar_url}
        value={picture}
        onChange={setPicture}
        disabled={updating.isLoading}
      />
      <TextField
        label={t('create.name')}
        value={draft.name}
        required
        onChange={(event) => edit({ name: event.target.value })}
        error={nameError !== undefined}
        helperText={
          nameError ? fieldErrorText({ type: 'validate', message: nameError }) : undefined
        }
        slotProps={{ htmlInput: { 'data-testid': 'organization-name' } }}
      />
      <FormControl component="fieldset" error={noModelChosen}>
        <FormLabel component="legend">{t('general.models')}</FormLabel>
        <FormControlLabel
          control={
            <Switch
              checked={draft.allowedModels === null}
              // Turned off, it starts from every model: not before they are known.
              disabled={!choices.data}
              onChange={(event) =>
                edit({ allowedModels: event.target.checked ? null : models.map((m) => m.id) })
              }
            />
          }
          label={t('general.allModels')}
        />
        {draft.allowedModels !== null && (
          <ChipsSelect
            label={t('general.allowedModels')}
            options={models.map((model) => ({
              value: model.id,
              label: model.is_demo ? t('chat:model.demoName') : model.display_name,
            }))}
            value={draft.allowedModels}
            onChange={(allowedModels) => edit({ allowedModels })}
            error={noModelChosen}
            testId="organization-models"
          />
        )}
        <FormHelperText>
          {noModelChosen ? t('general.modelsRequired') : t('general.modelsHint')}
        </FormHelperText>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('general.policies')}</FormLabel>
        <EncryptionPolicySwitch organization={organization} />
        <FormControlLabel
          control={
            <Switch
              checked={draft.sharingOutside}
              onChange={(event) => edit({ sharingOutside: event.target.checked })}
            />
          }
          label={t('general.sharingOutside')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.exportAllowed}
              onChange={(event) => edit({ exportAllowed: event.target.checked })}
              data-testid="organization-export-switch"
            />
          }
          label={t('general.exportAllowed')}
        />
      </FormControl>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={cancel} disabled={!changed || updating.isLoading}>
          {t('common:cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!valid || !changed}
          loading={updating.isLoading}
          data-testid="organization-save"
        >
          {t('general.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
