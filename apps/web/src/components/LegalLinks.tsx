import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../app/paths';

const DOCUMENTS = [
  ['terms', paths.terms],
  ['privacy', paths.privacy],
] as const;

/** The terms of use and the privacy policy, linked at the foot of the pages outside the shell. */
export function LegalLinks() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack
      component="nav"
      aria-label={t('legal.label')}
      direction="row"
      spacing={2}
      data-testid="legal-links"
    >
      {DOCUMENTS.map(([name, path]) => (
        <Link
          key={name}
          component={RouterLink}
          to={path}
          variant="body2"
          aria-current={pathname === path ? 'page' : undefined}
        >
          {t(`legal.${name}`)}
        </Link>
      ))}
    </Stack>
  );
}
