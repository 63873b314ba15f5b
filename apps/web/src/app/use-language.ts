import type { Language } from '@themis/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from './i18n';

/** The current language and a setter; components re-render when it changes. */
export function useLanguage(): { language: Language; changeLanguage: (next: Language) => void } {
  const { i18n } = useTranslation();
  const changeLanguage = useCallback(
    (next: Language) => {
      void i18n.changeLanguage(next);
    },
    [i18n],
  );
  return { language: toLanguage(i18n.resolvedLanguage), changeLanguage };
}
