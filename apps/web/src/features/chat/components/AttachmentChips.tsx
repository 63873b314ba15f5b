import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { PendingFile } from '../use-attachments';

/** Files attached to the next question, with their upload state and a remove button. */
export function AttachmentChips({
  files,
  onRemove,
}: {
  files: PendingFile[];
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation('chat');
  if (files.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('attachments.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', m: 0, p: 0, mb: 1 }}
    >
      {files.map((file) => (
        <li key={file.id}>
          <Chip
            icon={
              file.status === 'uploading' ? (
                <CircularProgress size={16} aria-label={t('attachments.uploading')} />
              ) : (
                <AttachFileIcon />
              )
            }
            color={file.status === 'error' ? 'error' : 'default'}
            variant="outlined"
            label={file.name}
            title={file.status === 'error' ? t('attachments.failed') : file.name}
            onDelete={() => onRemove(file.id)}
            deleteIcon={
              <CancelIcon role="button" aria-label={t('attachments.remove', { name: file.name })} />
            }
            sx={{ maxWidth: '16rem' }}
          />
        </li>
      ))}
    </Box>
  );
}
