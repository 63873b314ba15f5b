import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import StopIcon from '@mui/icons-material/Stop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import { CHAT_FILES_MAX, CHAT_INPUT_MAX } from '@themis/shared';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_ACCEPT } from '../attachment-rules';
import type { PendingFile } from '../use-attachments';
import { AttachmentChips } from './AttachmentChips';

export interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  /** A question is on its way; sending again waits. */
  busy: boolean;
  editing: boolean;
  /** Counts the edits started: each, even of another question while editing, takes the focus. */
  editStarts: number;
  onCancelEdit: () => void;
  files: PendingFile[];
  onPickFiles: (files: File[]) => void;
  onRemoveFile: (id: string) => void;
}

/** The question box: Enter sends, Shift+Enter starts a new line. */
export function ChatInput({
  value,
  onChange,
  onSend,
  onStop,
  streaming,
  busy,
  editing,
  editStarts,
  onCancelEdit,
  files,
  onPickFiles,
  onRemoveFile,
}: ChatInputProps) {
  const { t } = useTranslation('chat');
  const helperId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  // Editing starts from a question's button: the cursor goes to the end of the question in
  // the box, and the button's tooltip, which follows focus, goes away with it.
  useEffect(() => {
    const field = input.current;
    if (!editing || !field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [editing, editStarts]);
  const tooLong = value.length > CHAT_INPUT_MAX;
  const uploading = files.some((file) => file.status === 'uploading');
  const canSend = value.trim() !== '' && !tooLong && !busy && !streaming && !uploading;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  }

  return (
    <Box sx={{ width: '100%', maxWidth: '48rem', mx: 'auto', px: { xs: 1.5, sm: 3 } }}>
      {editing && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <FormHelperText sx={{ m: 0, flex: 1 }}>{t('input.editing')}</FormHelperText>
          <Button size="small" onClick={onCancelEdit}>
            {t('actions.cancel')}
          </Button>
        </Box>
      )}
      <Box
        sx={{
          border: 1,
          borderColor: tooLong ? 'error.main' : 'divider',
          borderRadius: 4,
          bgcolor: 'background.paper',
          px: 1.5,
          py: 1,
          '&:focus-within': { borderColor: tooLong ? 'error.main' : 'primary.main' },
        }}
      >
        <AttachmentChips files={files} onRemove={onRemoveFile} />
        <InputBase
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          inputRef={input}
          placeholder={t('input.placeholder')}
          multiline
          maxRows={10}
          fullWidth
          autoFocus
          inputProps={{
            'aria-label': t('input.label'),
            'aria-invalid': tooLong,
            'aria-describedby': helperId,
            'data-testid': 'chat-input',
          }}
          sx={{ px: 0.5, py: 0.5 }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <input
            ref={fileInput}
            type="file"
            hidden
            multiple
            accept={FILE_ACCEPT}
            data-testid="attachment-input"
            onChange={(event) => {
              onPickFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <Tooltip title={t('input.attach', { count: CHAT_FILES_MAX })}>
            <span>
              <IconButton
                aria-label={t('input.attach', { count: CHAT_FILES_MAX })}
                onClick={() => fileInput.current?.click()}
                disabled={editing || files.length >= CHAT_FILES_MAX}
              >
                <AttachFileIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Box sx={{ flex: 1 }} />
          {streaming ? (
            <IconButton
              aria-label={t('input.stop')}
              onClick={onStop}
              sx={{
                bgcolor: 'text.primary',
                color: 'background.paper',
                '&:hover': { bgcolor: 'text.secondary' },
              }}
            >
              <StopIcon />
            </IconButton>
          ) : (
            <IconButton
              aria-label={t('input.send')}
              onClick={onSend}
              disabled={!canSend}
              color="primary"
              sx={{
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                '&:hover': { bgcolor: 'primary.dark' },
              }}
            >
              <ArrowUpwardIcon />
            </IconButton>
          )}
        </Box>
      </Box>
      <FormHelperText id={helperId} error={tooLong} sx={{ textAlign: 'center', mx: 0 }}>
        {tooLong ? t('validation:chatInputMax', { length: value.length }) : t('input.notice')}
      </FormHelperText>
    </Box>
  );
}
