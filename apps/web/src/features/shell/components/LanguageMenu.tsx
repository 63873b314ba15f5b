import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/use-language';

export interface LanguageMenuProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
}

/** The language choice opened from the sidebar's language entry. */
export function LanguageMenu({ anchorEl, onClose }: LanguageMenuProps) {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  return (
    <Menu
      anchorEl={anchorEl}
      open={anchorEl !== null}
      onClose={onClose}
      slotProps={{
        list: { 'aria-label': t('nav.language') },
        paper: { sx: { minWidth: '12rem' } },
      }}
    >
      {LANGUAGES.map((code) => (
        <MenuItem
          key={code}
          lang={code}
          role="menuitemradio"
          aria-checked={code === language}
          selected={code === language}
          data-testid={`language-option-${code}`}
          onClick={() => {
            changeLanguage(code);
            onClose();
          }}
        >
          <ListItemIcon>{code === language && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{t(`languages.${code}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
