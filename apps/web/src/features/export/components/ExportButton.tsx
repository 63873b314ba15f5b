import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportDialogProps } from './ExportDialog';
import { HeaderActionButton } from '../../../components/HeaderActionButton';

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
      <HeaderActionButton
        icon={<FileDownloadOutlinedIcon />}
        label={t('export.action')}
        testId="export-open"
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <ExportDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
