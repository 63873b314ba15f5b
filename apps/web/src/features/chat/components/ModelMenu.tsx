import CheckIcon from '@mui/icons-material/Check';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ModelInfo } from '@themis/shared';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface ModelMenuProps {
  models: ModelInfo[];
  /** While the list loads a placeholder stands in, so the button never fades from disabled. */
  isLoading?: boolean;
  model: ModelInfo | undefined;
  onChoose: (id: string) => void;
}

/** In the list the chip takes the item's text colour, which stays legible on a selected row. */
function DemoChip({ inList = false }: { inList?: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <Chip
      size="small"
      color={inList ? 'default' : 'secondary'}
      variant="outlined"
      label={t('model.demo')}
      sx={{ flexShrink: 0 }}
    />
  );
}

const menuItems = (list: HTMLElement | null) => [
  ...(list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/**
 * Which model answers the next question: a name filter over the menu of models. Typing
 * filters, ArrowDown enters the list, ArrowUp on its first model returns to the filter,
 * Enter in the filter takes the first model shown.
 */
export function ModelMenu({ models, model, isLoading = false, onChoose }: ModelMenuProps) {
  const { t } = useTranslation('chat');
  const dialogId = useId();
  const listId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [filter, setFilter] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // The demo's name is ours to translate; real models keep the name the server gives.
  const nameOf = (option: ModelInfo) =>
    option.is_demo ? t('model.demoName') : option.display_name;
  const name = model ? nameOf(model) : t('model.none');
  const needle = filter.trim().toLocaleLowerCase();
  const shown = needle
    ? models.filter((option) =>
        [nameOf(option), option.model].some((text) => text.toLocaleLowerCase().includes(needle)),
      )
    : models;

  function close() {
    setAnchor(null);
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

  if (isLoading) return <Skeleton variant="text" width="12rem" data-testid="model-menu-loading" />;
  return (
    <>
      <Button
        color="inherit"
        endIcon={<KeyboardArrowDownIcon />}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? dialogId : undefined}
        aria-label={t('model.label', { name })}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={models.length === 0}
        sx={{
          textTransform: 'none',
          fontWeight: 600,
          gap: 1,
          minWidth: 0,
          maxWidth: '100%',
          textAlign: 'left',
        }}
      >
        {/* One line that ends in an ellipsis on a phone; the label and the menu say it whole. */}
        <Box
          component="span"
          sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
        </Box>
        {model?.is_demo && <DemoChip />}
      </Button>
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
    </>
  );
}
