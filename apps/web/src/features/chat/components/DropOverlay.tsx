import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Over the page while files are dragged onto it: where to let go. */
export function DropOverlay() {
  const { t } = useTranslation('chat');
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        inset: 8,
        display: 'grid',
        placeItems: 'center',
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'primary.main',
        borderRadius: 3,
        bgcolor: 'background.default',
        opacity: 0.92,
        pointerEvents: 'none',
      }}
    >
      <Typography component="p" variant="h6">
        {t('attachments.drop')}
      </Typography>
    </Box>
  );
}
