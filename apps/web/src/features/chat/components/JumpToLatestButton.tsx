import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Fab from '@mui/material/Fab';
import { useTranslation } from 'react-i18next';

/** Floats at the foot of the conversation, above the question box, while its end is hidden. */
export function JumpToLatestButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('chat');
  const label = t('conversation.jumpToLatest');
  return (
    <Fab
      size="small"
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid="jump-to-latest"
      sx={{
        position: 'absolute',
        bottom: 12,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        border: 1,
        borderColor: 'divider',
        boxShadow: 2,
        // An opaque hover: the answer scrolls underneath.
        '&:hover': {
          bgcolor: 'background.paper',
          backgroundImage: 'linear-gradient(rgba(127,127,127,0.14), rgba(127,127,127,0.14))',
        },
      }}
    >
      <ArrowDownwardIcon fontSize="small" />
    </Fab>
  );
}
