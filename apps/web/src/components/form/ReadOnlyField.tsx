import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';

/** A value shown as a field that cannot be edited, e.g. the e-mail in account settings. */
export function ReadOnlyField({
  label,
  value,
  helperText,
  testId,
}: {
  label: string;
  value: string;
  helperText?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <FormControl fullWidth>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        notched
        value={value}
        readOnly
        inputProps={{
          'aria-readonly': true,
          'aria-describedby': helperText ? `${id}-helper` : undefined,
          'data-testid': testId,
        }}
      />
      {helperText && <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
