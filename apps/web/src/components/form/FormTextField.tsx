import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText } from './field-error';

export type FormTextFieldProps<TValues extends FieldValues, TOutput> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  name: Path<TValues>;
  control: Control<TValues, unknown, TOutput>;
  /** Turns what was typed into the field value, e.g. drops spaces from a code. */
  normalize?: (value: string) => string;
  /** Id of an element that describes the field besides its helper text. */
  describedBy?: string;
};

/** A text field bound to a react-hook-form field, showing its translated error. */
export function FormTextField<TValues extends FieldValues, TOutput>({
  name,
  control,
  normalize,
  describedBy,
  helperText,
  id,
  slotProps,
  ...props
}: FormTextFieldProps<TValues, TOutput>) {
  const errorText = useFieldErrorText();
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const text = errorText(fieldState.error) ?? helperText;
        // TextField names its helper text `${id}-helper-text`.
        const describedByIds = [text ? `${fieldId}-helper-text` : '', describedBy ?? '']
          .filter(Boolean)
          .join(' ');
        return (
          <TextField
            {...props}
            id={fieldId}
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) =>
              field.onChange(normalize ? normalize(event.target.value) : event.target.value)
            }
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={field.disabled || props.disabled}
            error={fieldState.error !== undefined}
            helperText={text}
            fullWidth
            slotProps={{
              ...slotProps,
              htmlInput: {
                ...(slotProps?.htmlInput as object | undefined),
                'aria-describedby': describedByIds || undefined,
              },
            }}
          />
        );
      }}
    />
  );
}
