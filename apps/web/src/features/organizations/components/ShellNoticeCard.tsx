import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface ShellNoticeCardProps {
  /** Shown above the heading, decorative. */
  icon: ReactNode;
  title: string;
  testId: string;
  children: ReactNode;
}

/** A page in the shell that is one card: an icon, its h1, a few lines and the ways on. */
export function ShellNoticeCard({ icon, title, testId, children }: ShellNoticeCardProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 4 }, overflowY: 'auto' }}>
      <Paper
        variant="outlined"
        data-testid={testId}
        sx={{ width: '100%', maxWidth: '32rem', p: { xs: 3, sm: 4 } }}
      >
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {icon}
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
