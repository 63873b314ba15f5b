import Stack from '@mui/material/Stack';
import type { BillingDetailsFields as Fields } from '@themis/shared';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, type FormTextFieldProps } from '../../../../components/form/FormTextField';
import { CountrySelect } from './CountrySelect';

type FieldName = keyof Fields;
type Extra = Partial<
  Pick<
    FormTextFieldProps<Fields, unknown>,
    'placeholder' | 'autoComplete' | 'type' | 'helperText' | 'sx' | 'deps'
  >
>;

export interface BillingDetailsFieldsProps<TOutput> {
  control: Control<Fields, unknown, TOutput>;
}

const ROW = { xs: 'column', sm: 'row' } as const;

/** Who pays, as the receipts name them (spec §3 Billing details). */
export function BillingDetailsFields<TOutput>({ control }: BillingDetailsFieldsProps<TOutput>) {
  const { t } = useTranslation('billing');
  const field = (name: FieldName, label: string, extra: Extra = {}) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      slotProps={{ htmlInput: { 'data-testid': `billing-${name}` } }}
      {...extra}
    />
  );
  return (
    <Stack spacing={2} data-testid="billing-details-form">
      <CountrySelect
        control={control}
        name="country"
        label={t('fields.country')}
        deps={['zip_code']}
      />
      <Stack direction={ROW} spacing={2}>
        {field('zip_code', t('fields.zipCode'), {
          placeholder: t('fields.zipPlaceholder'),
          autoComplete: 'postal-code',
          sx: { maxWidth: { sm: '11rem' } },
        })}
        {field('city', t('fields.city'), { autoComplete: 'address-level2' })}
      </Stack>
      {field('address', t('fields.address'), { autoComplete: 'street-address' })}
      <Stack direction={ROW} spacing={2}>
        {field('first_name', t('fields.firstName'), { autoComplete: 'given-name' })}
        {field('last_name', t('fields.lastName'), { autoComplete: 'family-name' })}
      </Stack>
      <Stack direction={ROW} spacing={2}>
        {field('email', t('fields.email'), { type: 'email', autoComplete: 'email' })}
        {field('phone', t('fields.phone'), {
          type: 'tel',
          autoComplete: 'tel-national',
          helperText: t('fields.phoneHint'),
        })}
      </Stack>
      <Stack direction={ROW} spacing={2}>
        {field('company_name', t('fields.companyName'), {
          autoComplete: 'organization',
          helperText: t('fields.optional'),
        })}
        {field('nip', t('fields.nip'), {
          helperText: t('fields.nipHint'),
          deps: ['company_name'],
        })}
      </Stack>
    </Stack>
  );
}
