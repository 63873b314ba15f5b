import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LANGUAGES } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../app/use-language';

/** A compact language switch for pages outside the shell. */
export function LanguageButtons() {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={t('nav.language')}>
      {LANGUAGES.map((code) => (
        <Button
          key={code}
          lang={code}
          size="small"
          variant={code === language ? 'outlined' : 'text'}
          aria-pressed={code === language}
          data-testid={`language-option-${code}`}
          onClick={() => changeLanguage(code)}
        >
          {t(`languages.${code}`)}
        </Button>
      ))}
    </Stack>
  );
}
