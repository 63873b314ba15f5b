import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Message } from '@themis/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface VersionPagerProps {
  message: Message;
  /** Absent while versions cannot be switched (an answer being written). */
  onSwitch?: (message: Message, version: number) => void;
}

/** "‹ 2 / 3 ›" under a message that has versions: an answer written again, a question edited. */
export function VersionPager({ message, onSwitch }: VersionPagerProps) {
  const { t } = useTranslation('chat');
  const { version, versions } = message;
  if (versions < 2) return null;
  const step = (label: string, to: number, icon: ReactNode) => (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={!onSwitch || to < 1 || to > versions}
          onClick={() => onSwitch?.(message, to)}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box
      role="group"
      aria-label={t('versions.label', { version, versions })}
      data-testid={`versions-${message.seq}`}
      data-version-of={message.parent_pk ?? ''}
      sx={{ display: 'inline-flex', alignItems: 'center', color: 'text.secondary' }}
    >
      {step(t('versions.previous'), version - 1, <ChevronLeftIcon fontSize="small" />)}
      <Typography variant="caption" aria-hidden sx={{ minWidth: '2.5em', textAlign: 'center' }}>
        {version} / {versions}
      </Typography>
      {step(t('versions.next'), version + 1, <ChevronRightIcon fontSize="small" />)}
    </Box>
  );
}
