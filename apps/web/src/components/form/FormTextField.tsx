import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText } from './field-error';

type HtmlInputProps = InputHTMLAttributes<HTMLInputElement> & {
  'data-testid'?: string;
  'aria-required'?: boolean;
};

export interface FormTextFieldProps<TValues extends FieldValues, TOutput> {
  name: Path<TValues>;
  control: Control<TValues, unknown, TOutput>;
  label: string;
  id?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  disabled?: boolean;
  multiline?: boolean;
  minRows?: number;
  helperText?: ReactNode;
  /** Attributes of the native input element. */
  slotProps?: { htmlInput?: HtmlInputProps };
  /** Styles of the field as a whole, e.g. its width. */
  sx?: SxProps<Theme>;
  /** Styles of the input, e.g. letter spacing for a code. */
  inputSx?: SxProps<Theme>;
  /** Turns what was typed into the field value, e.g. drops spaces from a code. */
  normalize?: (value: string) => string;
  /** Id of an element that describes the field besides its helper text. */
  describedBy?: string;
  /** Fields whose rules depend on this one, checked again when it changes. */
  deps?: Path<TValues>[];
}

/**
 * An outlined text field bound to a react-hook-form field, showing its translated error.
 * Built from MUI's parts rather than TextField, which would bring the select menu along
 * to every form page.
 */
export function FormTextField<TValues extends FieldValues, TOutput>({
  name,
  control,
  label,
  id,
  type,
  autoComplete,
  autoFocus,
  placeholder,
  disabled,
  multiline,
  minRows,
  helperText,
  slotProps,
  sx,
  inputSx,
  normalize,
  describedBy,
  deps,
}: FormTextFieldProps<TValues, TOutput>) {
  const errorText = useFieldErrorText();
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const helperId = `${fieldId}-helper-text`;
  return (
    <Controller
      name={name}
      control={control}
      rules={deps && { deps }}
      render={({ field, fieldState }) => {
        const text = errorText(fieldState.error) ?? helperText;
        const describedByIds = [text ? helperId : '', describedBy ?? ''].filter(Boolean).join(' ');
        const invalid = fieldState.error !== undefined;
        return (
          <FormControl fullWidth error={invalid} disabled={field.disabled || disabled} sx={sx}>
            <InputLabel htmlFor={fieldId}>{label}</InputLabel>
            <OutlinedInput
              id={fieldId}
              name={field.name}
              label={label}
              type={type}
              autoComplete={autoComplete}
              autoFocus={autoFocus}
              placeholder={placeholder}
              multiline={multiline}
              minRows={minRows}
              value={field.value ?? ''}
              onChange={(event) =>
                field.onChange(normalize ? normalize(event.target.value) : event.target.value)
              }
              onBlur={field.onBlur}
              inputRef={field.ref}
              sx={inputSx}
              inputProps={{
                ...slotProps?.htmlInput,
                'aria-invalid': invalid,
                'aria-describedby': describedByIds || undefined,
              }}
            />
            {text && <FormHelperText id={helperId}>{text}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
