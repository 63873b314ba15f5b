import CheckIcon from '@mui/icons-material/Check';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ModelInfo } from '@themis/shared';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoChip } from './DemoChip';

export interface ModelMenuPopoverProps {
  id: string;
  anchor: HTMLElement | null;
  models: ModelInfo[];
  model: ModelInfo | undefined;
  nameOf: (option: ModelInfo) => string;
  onChoose: (id: string) => void;
  onClose: () => void;
}

const menuItems = (list: HTMLElement | null) => [
  ...(list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/**
 * The menu of models, opened from the model button: a name filter over the list. Typing
 * filters, ArrowDown enters the list, ArrowUp on its first model returns to the filter,
 * Enter in the filter takes the first model shown.
 */
export function ModelMenuPopover({
  id: dialogId,
  anchor,
  models,
  model,
  nameOf,
  onChoose,
  onClose,
}: ModelMenuPopoverProps) {
  const { t } = useTranslation('chat');
  const listId = useId();
  const [filter, setFilter] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const needle = filter.trim().toLocaleLowerCase();
  const shown = needle
    ? models.filter((option) =>
        [nameOf(option), option.model].some((text) => text.toLocaleLowerCase().includes(needle)),
      )
    : models;

  function close() {
    onClose();
    setFilter('');
  }

  function choose(id: string) {
    onChoose(id);
    close();
  }

  function onFieldKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      menuItems(list.current)[0]?.focus();
    } else if (event.key === 'Enter' && shown[0]) {
      event.preventDefault();
      choose(shown[0].id);
    }
  }

  function onListKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowUp' && document.activeElement === menuItems(list.current)[0]) {
      event.preventDefault();
      field.current?.focus();
    }
  }

  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: {
          id: dialogId,
          role: 'dialog',
          'aria-label': t('model.choose'),
          sx: { width: '22rem', maxWidth: 'calc(100vw - 16px)' },
        },
      }}
    >
      <Box sx={{ p: 1, pb: 0.5 }}>
        <TextField
          inputRef={field}
          size="small"
          fullWidth
          autoFocus
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={onFieldKeyDown}
          placeholder={t('model.filterPlaceholder')}
          slotProps={{
            htmlInput: {
              'aria-label': t('model.filter'),
              'aria-controls': shown.length > 0 ? listId : undefined,
              autoComplete: 'off',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {shown.length === 0 ? (
        <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {t('model.noMatch')}
        </Typography>
      ) : (
        <MenuList
          id={listId}
          ref={list}
          aria-label={t('model.list')}
          disableListWrap
          onKeyDown={onListKeyDown}
          sx={{ maxHeight: '20rem', overflowY: 'auto' }}
        >
          {shown.map((option) => (
            <MenuItem
              key={option.id}
              selected={option.id === model?.id}
              onClick={() => choose(option.id)}
              // Long names and hints wrap at word ends beside the chip, never under it.
              sx={{ whiteSpace: 'normal', alignItems: 'flex-start', gap: 1 }}
            >
              <ListItemIcon sx={{ mt: 0.75 }}>
                {option.id === model?.id && <CheckIcon fontSize="small" />}
              </ListItemIcon>
              <ListItemText
                primary={nameOf(option)}
                secondary={option.is_demo ? t('model.demoHint') : undefined}
                sx={{ minWidth: 0, overflowWrap: 'break-word' }}
              />
              {option.is_demo && (
                <Box sx={{ mt: 0.5 }}>
                  <DemoChip inList />
                </Box>
              )}
            </MenuItem>
          ))}
        </MenuList>
      )}
    </Popover>
  );
}
