import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The spec's select: a list at most 250 px high; at most 4 chips, then +N. */
const LIST_MAX_HEIGHT = 250;
const CHIPS_SHOWN = 4;

interface ChipsSelectOption {
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
  const labelOf = new Map(options.map((option) => [option.value, option.label]));
  return (
    // TextField's own select: its outlined input and label come with TextField, which every
    // form loads already.
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      error={error}
      onChange={(event) => {
        const chosen = event.target.value as unknown as string[] | string;
        onChange(typeof chosen === 'string' ? chosen.split(',') : chosen);
      }}
      slotProps={{
        select: {
          multiple: true,
          ...(testId && { 'data-testid': testId }),
          renderValue: (selected) => {
            const chosen = selected as string[];
            const ordered = options.filter((option) => chosen.includes(option.value));
            const hidden = ordered.length - CHIPS_SHOWN;
            return (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {ordered.slice(0, CHIPS_SHOWN).map((option) => (
                  <Chip key={option.value} label={labelOf.get(option.value)} size="small" />
                ))}
                {hidden > 0 && <Chip label={`+${hidden}`} size="small" variant="outlined" />}
              </Box>
            );
          },
          // Kept in place rather than at the end of the page: inside the page's landmarks.
          MenuProps: {
            disablePortal: true,
            slotProps: { paper: { sx: { maxHeight: LIST_MAX_HEIGHT } } },
          },
        },
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
    </TextField>
  );
}
