import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { INVITATION_EMAILS_MAX, ZEmail } from '@themis/shared';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form/field-error';

const SEPARATORS = new Set(['Enter', ',', ' ']);

export interface EmailChipsFieldProps {
  value: string[];
  onChange: (emails: string[]) => void;
}

/**
 * E-mail addresses as chips (spec §5): Enter, a comma or a space adds the typed address,
 * Backspace in the empty input removes the last one; each is checked as it is added.
 */
export function EmailChipsField({ value, onChange }: EmailChipsFieldProps) {
  const { t } = useTranslation('organizations');
  const fieldErrorText = useFieldErrorText();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();

  /** Adds the addresses in `text`; keeps what could not be added in the input. */
  function add(text: string): boolean {
    const parts = text.split(/[\s,]+/).filter(Boolean);
    const next = [...value];
    for (const [index, part] of parts.entries()) {
      const parsed = ZEmail.safeParse(part);
      const message = !parsed.success
        ? 'validation.emailInvalid'
        : next.includes(parsed.data)
          ? 'validation.emailDuplicate'
          : next.length >= INVITATION_EMAILS_MAX
            ? 'validation.invitationEmailsMax'
            : undefined;
      if (message || !parsed.success) {
        setError(fieldErrorText({ type: 'validate', message }));
        onChange(next);
        setDraft(parts.slice(index).join(' '));
        return false;
      }
      next.push(parsed.data);
    }
    setError(undefined);
    onChange(next);
    setDraft('');
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (SEPARATORS.has(event.key)) {
      if (draft.trim() === '') {
        if (event.key !== ' ' && event.key !== ',') return;
        event.preventDefault();
        return;
      }
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    if (!/[\s,]/.test(text)) return;
    event.preventDefault();
    add(`${draft} ${text}`);
  }

  return (
    <Box>
      {value.length > 0 && (
        <Box
          component="ul"
          aria-label={t('create.emails')}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.75,
            listStyle: 'none',
            p: 0,
            m: 0,
            mb: 1.5,
          }}
        >
          {value.map((email) => (
            <Box component="li" key={email} sx={{ maxWidth: '100%' }}>
              <Chip
                label={email}
                size="small"
                // A long address is cut with an ellipsis rather than run out of the dialog.
                sx={{ maxWidth: '100%' }}
                onDelete={() => onChange(value.filter((item) => item !== email))}
                deleteIcon={<CancelIcon titleAccess={t('create.removeEmail', { email })} />}
              />
            </Box>
          ))}
        </Box>
      )}
      <TextField
        fullWidth
        label={t('create.emails')}
        value={draft}
        type="email"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          if (draft.trim() !== '') add(draft);
        }}
        error={error !== undefined}
        helperText={error ?? t('create.emailsHint')}
        slotProps={{ htmlInput: { 'data-testid': 'invite-emails' } }}
      />
    </Box>
  );
}
