import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { SxProps, Theme } from '@mui/material/styles';
import { countriesOfAreaCode, uniqueAreaCodes } from '@themis/shared';
import { useId, useMemo } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from './field-error';

const AREA_CODES = uniqueAreaCodes();
const NAMES_SHOWN = 2;

/** Country names of each dial code in the page's language, e.g. '+1' → 'United States, Canada…'. */
function useCountryNames(language: string): Map<string, string> {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return new Map(
      AREA_CODES.map((code) => {
        const countries = countriesOfAreaCode(code).map((short) => names.of(short) ?? short);
        const shown = countries.slice(0, NAMES_SHOWN).join(', ');
        return [code, countries.length > NAMES_SHOWN ? `${shown}…` : shown];
      }),
    );
  }, [language]);
}

export interface FormAreaCodeSelectProps<TValues extends FieldValues, TOutput> {
  name: Path<TValues>;
  control: Control<TValues, unknown, TOutput>;
  label: string;
  /** The text of the empty choice. */
  noneLabel: string;
  sx?: SxProps<Theme>;
}

/** The area-code dropdown: the unique dial codes of the world's countries, sorted numerically. */
export function FormAreaCodeSelect<TValues extends FieldValues, TOutput>({
  name,
  control,
  label,
  noneLabel,
  sx,
}: FormAreaCodeSelectProps<TValues, TOutput>) {
  const { i18n } = useTranslation();
  const errorText = useFieldErrorText();
  const labelId = useId();
  const countryNames = useCountryNames(i18n.resolvedLanguage ?? 'en');
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const text = errorText(fieldState.error);
        const value = typeof field.value === 'string' ? field.value : '';
        // A stored code that is no longer listed stays selectable rather than vanishing.
        const options = value && !AREA_CODES.includes(value) ? [value, ...AREA_CODES] : AREA_CODES;
        return (
          <FormControl fullWidth error={fieldState.error !== undefined} sx={sx}>
            <InputLabel id={labelId}>{label}</InputLabel>
            <Select
              labelId={labelId}
              label={label}
              name={field.name}
              value={value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              renderValue={(selected) => selected}
              MenuProps={{ slotProps: { paper: { sx: { maxHeight: 250 } } } }}
              data-testid={`area-code-${field.name}`}
            >
              <MenuItem value="">{noneLabel}</MenuItem>
              {options.map((code) => (
                <MenuItem key={code} value={code} sx={{ gap: 1.5 }}>
                  <span>{code}</span>{' '}
                  <span style={{ opacity: 0.7, fontSize: '0.875em' }}>
                    {countryNames.get(code)}
                  </span>
                </MenuItem>
              ))}
            </Select>
            {text && <FormHelperText>{text}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
