import CheckIcon from '@mui/icons-material/Check';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ModelInfo } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ModelMenuProps {
  models: ModelInfo[];
  model: ModelInfo | undefined;
  onChoose: (id: string) => void;
}

function DemoChip() {
  const { t } = useTranslation('chat');
  return <Chip size="small" color="secondary" variant="outlined" label={t('model.demo')} />;
}

/** Which model answers the next question. */
export function ModelMenu({ models, model, onChoose }: ModelMenuProps) {
  const { t } = useTranslation('chat');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        endIcon={<KeyboardArrowDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('model.label', { name: model?.display_name ?? t('model.none') })}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={models.length === 0}
        sx={{ textTransform: 'none', fontWeight: 600, gap: 1 }}
      >
        {model?.display_name ?? t('model.none')}
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
              primary={option.display_name}
              secondary={option.is_demo ? t('model.demoHint') : undefined}
            />
            {option.is_demo && <DemoChip />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
