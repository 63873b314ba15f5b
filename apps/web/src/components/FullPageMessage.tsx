import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FullPageMessageProps {
  testId: string;
  icon: ReactNode;
  title: string;
  description: string;
  /** Details shown between the description and the actions. */
  children?: ReactNode;
  actions: ReactNode;
  /** Shown below the actions, e.g. a language switch. */
  footer?: ReactNode;
  /** Shown inside a page that already has its main landmark (the shell), filling its room. */
  embedded?: boolean;
}

/** A calm centred page with one heading, used by pages outside the shell. */
export function FullPageMessage({
  testId,
  icon,
  title,
  description,
  children,
  actions,
  footer,
  embedded = false,
}: FullPageMessageProps) {
  return (
    <Box
      component={embedded ? 'div' : 'main'}
      data-testid={testId}
      sx={{
        ...(embedded ? { flex: 1 } : { minHeight: '100dvh' }),
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 3,
        py: 6,
      }}
    >
      <Stack spacing={2.5} sx={{ maxWidth: '32rem', alignItems: 'center', textAlign: 'center' }}>
        <Box aria-hidden sx={{ color: 'secondary.main', '& svg': { fontSize: '3.5rem' } }}>
          {icon}
        </Box>
        <Typography component="h1" variant="h4">
          {title}
        </Typography>
        <Typography color="text.secondary">{description}</Typography>
        {children}
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ pt: 1, flexWrap: 'wrap', justifyContent: 'center' }}
        >
          {actions}
        </Stack>
        {footer}
      </Stack>
    </Box>
  );
}
