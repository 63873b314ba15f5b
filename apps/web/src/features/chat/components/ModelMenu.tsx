import CheckIcon from '@mui/icons-material/Check';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import type { ModelInfo } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ModelMenuProps {
  models: ModelInfo[];
  /** While the list loads a placeholder stands in, so the button never fades from disabled. */
  isLoading?: boolean;
  model: ModelInfo | undefined;
  onChoose: (id: string) => void;
}

function DemoChip() {
  const { t } = useTranslation('chat');
  return <Chip size="small" color="secondary" variant="outlined" label={t('model.demo')} />;
}

/** Which model answers the next question. */
export function ModelMenu({ models, model, isLoading = false, onChoose }: ModelMenuProps) {
  const { t } = useTranslation('chat');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The demo's name is ours to translate; real models keep the name the server gives.
  const nameOf = (option: ModelInfo) =>
    option.is_demo ? t('model.demoName') : option.display_name;
  const name = model ? nameOf(model) : t('model.none');
  if (isLoading) return <Skeleton variant="text" width="12rem" data-testid="model-menu-loading" />;
  return (
    <>
      <Button
        color="inherit"
        endIcon={<KeyboardArrowDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('model.label', { name })}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={models.length === 0}
        sx={{ textTransform: 'none', fontWeight: 600, gap: 1 }}
      >
        {name}
        {model?.is_demo && <DemoChip />}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {models.map((option) => (
          <MenuItem
            key={option.id}
            selected={option.id === model?.id}
            onClick={() => {
              onChoose(option.id);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{option.id === model?.id && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText
              primary={nameOf(option)}
              secondary={option.is_demo ? t('model.demoHint') : undefined}
            />
            {option.is_demo && <DemoChip />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
