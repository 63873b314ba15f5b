import { DEFAULT_DATE_FORMAT, type Member } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../app/dates';
import { useLanguage } from '../../app/use-language';

/** How the co-workers' numbers and dates read in the user's language. */
export function useCoworkerFormat() {
  const { t } = useTranslation('organizations');
  const { language } = useLanguage();
  const numbers = new Intl.NumberFormat(language === 'pl' ? 'pl-PL' : 'en-GB');
  // The product's one date format in either language (spec §9).
  const date = (value: string) => formatDate(value, DEFAULT_DATE_FORMAT, { language });
  return {
    number: (value: number) => numbers.format(value),
    date,
    activity: (member: Member) =>
      member.latest_activity ? date(member.latest_activity) : t('coworkers.never'),
  };
}

export type CoworkerFormat = ReturnType<typeof useCoworkerFormat>;
