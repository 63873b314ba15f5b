import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../app/toast';

/** Copies a shared link and says whether it worked (the clipboard may be refused). */
export function useCopyLink(): (link: string) => Promise<void> {
  const { t } = useTranslation('sharing');
  const toast = useToast();
  return useCallback(
    async (link) => {
      try {
        await navigator.clipboard.writeText(link);
        void toast.show(t('copied'), { variant: 'success' });
      } catch {
        void toast.show(t('copyFailed'), { variant: 'error' });
      }
    },
    [t, toast],
  );
}
