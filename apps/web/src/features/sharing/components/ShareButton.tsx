import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanShare } from '../use-can-share';
import type { ShareDialogProps } from './ShareDialog';

// The dialog loads when first opened, not with the chat.
const ShareDialog = lazy(async () => ({
  default: (await import('./ShareDialog')).ShareDialog,
}));

/** The chat header's share button and its dialog; nothing for those who may not share. */
export function ShareButton(props: Omit<ShareDialogProps, 'onClose'>) {
  const { t } = useTranslation('sharing');
  const canShare = useCanShare();
  const [open, setOpen] = useState(false);
  if (!canShare) return null;
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<ShareOutlinedIcon />}
        onClick={() => setOpen(true)}
        aria-label={t('share')}
        aria-haspopup="dialog"
        data-testid="chat-share"
        sx={{
          flexShrink: 0,
          minWidth: { xs: 40, sm: 64 },
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        {/* On a phone the icon alone keeps the header on one line. */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('share')}
        </Box>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
