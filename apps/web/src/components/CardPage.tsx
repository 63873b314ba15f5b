import BalanceIcon from '@mui/icons-material/Balance';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageButtons } from './LanguageButtons';
import { LegalLinks } from './LegalLinks';

const WIDTHS = { narrow: '28rem', wide: '60rem' } as const;

export interface CardPageProps {
  title: string;
  /** Text under the heading. */
  description?: ReactNode;
  /** Shown above the heading, e.g. a success icon. */
  icon?: ReactNode;
  width?: keyof typeof WIDTHS;
  testId?: string;
  children?: ReactNode;
}

/**
 * The calm centred card of the pages outside the shell (sign-in, registration, onboarding):
 * the logo, one h1, the content, a language switch and the legal documents.
 */
export function CardPage({
  title,
  description,
  icon,
  width = 'narrow',
  testId,
  children,
}: CardPageProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      data-testid={testId}
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: { xs: 2, sm: 3 },
        py: { xs: 3, sm: 6 },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BalanceIcon aria-hidden sx={{ color: 'secondary.main', fontSize: '2rem' }} />
        <Typography component="span" variant="h5" sx={{ fontWeight: 700 }}>
          {t('appName')}
        </Typography>
      </Stack>
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: WIDTHS[width],
          p: { xs: 2.5, sm: 4 },
          display: 'flex',
          flexDirection: 'column',
          gap: 2.5,
        }}
      >
        {icon && (
          <Box aria-hidden sx={{ color: 'secondary.main', '& svg': { fontSize: '3rem' } }}>
            {icon}
          </Box>
        )}
        <Stack spacing={1}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {description && <Typography color="text.secondary">{description}</Typography>}
        </Stack>
        {children}
      </Paper>
      <LanguageButtons />
      <LegalLinks />
    </Box>
  );
}
