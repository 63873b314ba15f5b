import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ENCRYPTION_PIN_LENGTH } from '@themis/shared';
import {
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from './field-error';

const BOXES = Array.from({ length: ENCRYPTION_PIN_LENGTH }, (_, index) => index);
const FULL_PIN = new RegExp(`^\\d{${ENCRYPTION_PIN_LENGTH}}$`);
// An empty box inside the value: the PIN stays positional and fails validation until filled.
const HOLE = ' ';

const digitsOf = (value: string) => BOXES.map((index) => (value[index] ?? '').trim());
const valueOf = (digits: string[]) =>
  digits
    .map((digit) => digit || HOLE)
    .join('')
    .trimEnd();

export interface PinFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Called when the focus leaves the six boxes. */
  onBlur?: () => void;
  /** Names the group of boxes. */
  label: string;
  /** A validation message shown under the boxes. */
  error?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** The first box, for the form to focus on an error. */
  inputRef?: (element: HTMLInputElement | null) => void;
  /** The boxes' test ids, numbered from 1 (a form asking the PIN twice has two sets). */
  testIdPrefix?: string;
}

/**
 * The encryption PIN as six single-digit boxes (spec §5): typing moves to the next box,
 * Backspace goes back, and a paste is taken only when it is exactly six digits.
 */
export function PinField({
  value,
  onChange,
  onBlur,
  label,
  error,
  autoFocus = false,
  disabled = false,
  inputRef,
  testIdPrefix = 'pin-digit',
}: PinFieldProps) {
  const { t } = useTranslation(['common', 'validation']);
  const id = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const [shown, setShown] = useState(false);
  const [pasteRefused, setPasteRefused] = useState(false);
  const digits = digitsOf(value);
  const message = pasteRefused
    ? t('validation:pinLength', { count: ENCRYPTION_PIN_LENGTH })
    : error;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(ENCRYPTION_PIN_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  function setDigit(index: number, digit: string) {
    const next = [...digits];
    next[index] = digit;
    setPasteRefused(false);
    onChange(valueOf(next));
  }

  function type(index: number, typed: string) {
    const numbers = typed.replace(/\D/g, '');
    // A browser filling the whole PIN at once (autofill, a keyboard suggestion).
    if (FULL_PIN.test(numbers)) {
      setPasteRefused(false);
      onChange(numbers);
      focusBox(ENCRYPTION_PIN_LENGTH - 1);
      return;
    }
    if (typed === '') {
      setDigit(index, '');
      return;
    }
    // The box's content is selected on focus, so the last digit is the one just typed.
    const digit = numbers.slice(-1);
    if (!digit) return;
    setDigit(index, digit);
    if (index < ENCRYPTION_PIN_LENGTH - 1) focusBox(index + 1);
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) setDigit(index, '');
      else if (index > 0) {
        setDigit(index - 1, '');
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').trim();
    if (!FULL_PIN.test(pasted)) {
      setPasteRefused(true);
      return;
    }
    setPasteRefused(false);
    onChange(pasted);
    focusBox(ENCRYPTION_PIN_LENGTH - 1);
  }

  function blur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) onBlur?.();
  }

  const helperId = `${id}-helper`;
  const invalid = message !== undefined;
  return (
    // A fieldset of its own: MUI's FormControl holds a single input.
    <Box
      component="fieldset"
      disabled={disabled}
      onBlur={blur}
      data-testid="pin-field"
      sx={{ border: 0, m: 0, p: 0, minWidth: 0, width: '100%' }}
    >
      <FormLabel component="legend" error={invalid} disabled={disabled} sx={{ mb: 1, p: 0 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'flex', gap: { xs: 0.75, sm: 1 } }}>
        {BOXES.map((index) => (
          <OutlinedInput
            key={index}
            value={digits[index]}
            error={invalid}
            disabled={disabled}
            type={shown ? 'text' : 'password'}
            autoFocus={autoFocus && index === 0}
            inputRef={(element: HTMLInputElement | null) => {
              boxes.current[index] = element;
              if (index === 0) inputRef?.(element);
            }}
            onChange={(event) => type(index, event.target.value)}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => keyDown(index, event)}
            onPaste={paste}
            onFocus={(event) => event.target.select()}
            inputProps={{
              inputMode: 'numeric',
              autoComplete: 'off',
              'aria-label': t('pin.digit', { index: index + 1, count: ENCRYPTION_PIN_LENGTH }),
              'aria-invalid': invalid,
              'aria-describedby': message ? helperId : undefined,
              'data-testid': `${testIdPrefix}-${index + 1}`,
            }}
            sx={{
              flex: '1 1 0',
              minWidth: 0,
              maxWidth: '3rem',
              '& input': {
                textAlign: 'center',
                px: 0,
                py: 1.25,
                fontSize: '1.25rem',
                fontVariantNumeric: 'tabular-nums',
              },
            }}
          />
        ))}
      </Box>
      {message && (
        <FormHelperText id={helperId} error role="alert" sx={{ mx: 0 }}>
          {message}
        </FormHelperText>
      )}
      <Button
        size="small"
        onClick={() => setShown((now) => !now)}
        startIcon={shown ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
        sx={{ alignSelf: 'flex-start', mt: 0.5 }}
      >
        {shown ? t('pin.hide') : t('pin.show')}
      </Button>
    </Box>
  );
}

/** The PIN boxes bound to a react-hook-form field, showing its translated error. */
export function FormPinField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  autoFocus,
  testIdPrefix,
}: {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  label: string;
  autoFocus?: boolean;
  testIdPrefix?: string;
}) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <PinField
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          error={errorText(fieldState.error)}
          autoFocus={autoFocus}
          disabled={field.disabled}
          {...(testIdPrefix && { testIdPrefix })}
        />
      )}
    />
  );
}
