import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { useId } from 'react';

/** The spec's select: a list at most 250 px high; at most 4 chips, then +N. */
const LIST_MAX_HEIGHT = 250;
const CHIPS_SHOWN = 4;

export interface ChipsSelectOption {
  value: string;
  label: string;
}

export interface ChipsSelectProps {
  label: string;
  options: ChipsSelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: boolean;
  testId?: string;
}

/** A multiple choice shown as chips, in the options' order. */
export function ChipsSelect({ label, options, value, onChange, error, testId }: ChipsSelectProps) {
  const labelId = useId();
  const labelOf = new Map(options.map((option) => [option.value, option.label]));
  return (
    <FormControl fullWidth error={error}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<string[]>
        labelId={labelId}
        multiple
        value={value}
        onChange={(event) => {
          const chosen = event.target.value;
          onChange(typeof chosen === 'string' ? chosen.split(',') : chosen);
        }}
        input={<OutlinedInput label={label} />}
        data-testid={testId}
        renderValue={(selected) => {
          const ordered = options.filter((option) => selected.includes(option.value));
          const hidden = ordered.length - CHIPS_SHOWN;
          return (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {ordered.slice(0, CHIPS_SHOWN).map((option) => (
                <Chip key={option.value} label={labelOf.get(option.value)} size="small" />
              ))}
              {hidden > 0 && <Chip label={`+${hidden}`} size="small" variant="outlined" />}
            </Box>
          );
        }}
        // Kept in place rather than at the end of the page: inside the page's landmarks.
        MenuProps={{
          disablePortal: true,
          slotProps: { paper: { sx: { maxHeight: LIST_MAX_HEIGHT } } },
        }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <ListItemIcon>
              {value.includes(option.value) && <CheckIcon aria-hidden fontSize="small" />}
            </ListItemIcon>
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
