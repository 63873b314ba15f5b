import { DEFAULT_DATE_FORMAT, DATE_FORMATS } from '@themis/shared';
import { format, isValid, parseISO } from 'date-fns';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickerEnglish, plPL as pickerPolish } from '@mui/x-date-pickers/locales';
import { useMemo } from 'react';
import { dateLocale, weekOptions } from '../../app/dates';
import { useLanguage } from '../../app/use-language';

const DAY = 'yyyy-MM-dd';
const PICKER_TEXTS = {
  en: pickerEnglish.components.MuiLocalizationProvider.defaultProps.localeText,
  pl: pickerPolish.components.MuiLocalizationProvider.defaultProps.localeText,
};

export interface DateFilterFieldProps {
  label: string;
  /** A day as yyyy-MM-dd, or '' for none. */
  value: string;
  onChange: (day: string) => void;
  minDay?: string;
  maxDay?: string;
  testId?: string;
}

const toDate = (day: string | undefined) => (day ? parseISO(day) : null);

/**
 * A day typed or picked in the app's date format and week (pl: dd.MM.yyyy from Monday),
 * whatever the browser's own; an unfinished or impossible date filters nothing.
 */
export function DateFilterField({
  label,
  value,
  onChange,
  minDay,
  maxDay,
  testId,
}: DateFilterFieldProps) {
  const { language } = useLanguage();
  const locale = useMemo(() => {
    const base = dateLocale(language);
    return { ...base, options: { ...base.options, ...weekOptions(language) } };
  }, [language]);
  const min = toDate(minDay);
  const max = toDate(maxDay);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={locale}
      localeText={PICKER_TEXTS[language]}
    >
      <DatePicker
        label={label}
        value={toDate(value)}
        format={DATE_FORMATS[DEFAULT_DATE_FORMAT]}
        onChange={(date) => onChange(date && isValid(date) ? format(date, DAY) : '')}
        {...(min && { minDate: min })}
        {...(max && { maxDate: max })}
        slotProps={{
          textField: { sx: { flex: 1 }, ...(testId && { 'data-testid': testId }) },
          field: { clearable: true },
        }}
      />
    </LocalizationProvider>
  );
}
