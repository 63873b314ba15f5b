import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { COUNTRY_DIAL_CODES, type Language } from '@themis/shared';
import { useId, useMemo } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useLanguage } from '../../../../app/use-language';
import { useFieldErrorText } from '../../../../components/form/field-error';
import { testIdProps } from '../../../../components/form/test-id';

const CODES = [...new Set(COUNTRY_DIAL_CODES.map(([short]) => short))];

/** The ISO 3166 codes with their names in the page's language, sorted by name. */
function useCountries(language: Language) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, language),
    );
  }, [language]);
}

export interface CountrySelectProps<TValues extends FieldValues, TOutput> {
  name: Path<TValues>;
  control: Control<TValues, unknown, TOutput>;
  label: string;
  /** Fields whose rules depend on the country (the zip code's format). */
  deps?: Path<TValues>[];
}

/**
 * The country as an ISO code, chosen by name. A native select: two hundred and fifty
 * options open fast, and phones show their own picker.
 */
export function CountrySelect<TValues extends FieldValues, TOutput>({
  name,
  control,
  label,
  deps,
}: CountrySelectProps<TValues, TOutput>) {
  const { language } = useLanguage();
  const errorText = useFieldErrorText();
  const id = useId();
  const countries = useCountries(language);
  return (
    <Controller
      name={name}
      control={control}
      rules={deps && { deps }}
      render={({ field, fieldState }) => {
        const text = errorText(fieldState.error);
        return (
          <FormControl fullWidth error={fieldState.error !== undefined}>
            <InputLabel htmlFor={id} shrink>
              {label}
            </InputLabel>
            <NativeSelect
              input={<OutlinedInput label={label} notched />}
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              inputProps={{
                id,
                ...testIdProps(`billing-${field.name}`),
                'aria-invalid': fieldState.error !== undefined,
                'aria-describedby': text ? `${id}-helper-text` : undefined,
              }}
            >
              {countries.map(({ code, name: countryName }) => (
                <option key={code} value={code}>
                  {countryName}
                </option>
              ))}
            </NativeSelect>
            {text && <FormHelperText id={`${id}-helper-text`}>{text}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
