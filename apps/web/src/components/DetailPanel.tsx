import CloseIcon from '@mui/icons-material/Close';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DETAIL_PANEL_WIDTH_PX } from '@themis/shared';
import { useId, type ReactNode } from 'react';

export interface DetailPanelProps {
  open: boolean;
  title: string;
  /** The close button's accessible name. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

/**
 * The right-hand detail panel (spec §2): one record's details and actions beside the list it
 * was opened from, 300 px wide, never wider than the screen.
 */
export function DetailPanel({
  open,
  title,
  closeLabel,
  onClose,
  children,
  testId,
}: DetailPanelProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: DETAIL_PANEL_WIDTH_PX, maxWidth: '100%', p: 2 },
        },
      }}
    >
      <Stack spacing={2} data-testid={testId}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1, minWidth: 0 }}>
            {title}
          </Typography>
          <IconButton aria-label={closeLabel} onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Stack>
        {children}
      </Stack>
    </Drawer>
  );
}
