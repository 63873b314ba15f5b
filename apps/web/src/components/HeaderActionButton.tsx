import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** A header's button that opens a dialog: its icon and label, the icon alone on a phone. */
export function HeaderActionButton(props: {
  icon: ReactNode;
  label: string;
  testId: string;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      color="inherit"
      startIcon={props.icon}
      onClick={props.onClick}
      aria-label={props.label}
      aria-haspopup="dialog"
      data-testid={props.testId}
      sx={{
        flexShrink: 0,
        minWidth: { xs: 40, sm: 64 },
        '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
      }}
    >
      {/* On a phone the icon alone keeps the header on one line. */}
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {props.label}
      </Box>
    </Button>
  );
}
