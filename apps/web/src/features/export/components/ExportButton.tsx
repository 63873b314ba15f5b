import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportDialogProps } from './ExportDialog';

// The dialog loads when first opened, not with the page.
const ExportDialog = lazy(async () => ({
  default: (await import('./ExportDialog')).ExportDialog,
}));

/** A header's export button and its dialog (the chat's, a shared conversation's). */
export function ExportButton(props: Omit<ExportDialogProps, 'onClose'>) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<FileDownloadOutlinedIcon />}
        onClick={() => setOpen(true)}
        aria-label={t('export.action')}
        aria-haspopup="dialog"
        data-testid="export-open"
        sx={{
          flexShrink: 0,
          minWidth: { xs: 40, sm: 64 },
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        {/* On a phone the icon alone keeps the header on one line. */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('export.action')}
        </Box>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
