import CheckIcon from '@mui/icons-material/Check';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import FormatSizeIcon from '@mui/icons-material/FormatSize';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { FONT_SIZE, LANGUAGES } from '@themis/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { decreaseFontSize, increaseFontSize, toggleThemeMode } from '../../../app/preferences';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { useLanguage } from '../../../app/use-language';

/** A switch drawn inside the theme row, which itself carries the switch role. */
function SwitchIndicator({ on }: { on: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 34,
        height: 20,
        borderRadius: 10,
        p: '2px',
        flexShrink: 0,
        bgcolor: on ? 'primary.main' : 'action.disabled',
        transition: 'background-color 150ms',
      }}
    >
      <Box
        sx={{
          width: 16,
          height: 16,
          borderRadius: '50%',
          bgcolor: 'background.paper',
          transform: on ? 'translateX(14px)' : 'none',
          transition: 'transform 150ms',
        }}
      />
    </Box>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dark = useAppSelector((state) => state.preferences.themeMode) === 'dark';
  return (
    <ListItemButton
      role="switch"
      aria-checked={dark}
      data-testid="theme-toggle"
      onClick={() => dispatch(toggleThemeMode())}
    >
      <ListItemIcon>{dark ? <DarkModeOutlinedIcon /> : <LightModeOutlinedIcon />}</ListItemIcon>
      <ListItemText primary={t('userMenu.darkTheme')} />
      <SwitchIndicator on={dark} />
    </ListItemButton>
  );
}

export function FontSizeControl() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fontSize = useAppSelector((state) => state.preferences.fontSize);
  const labelId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 1, py: 0.5 }}
    >
      <ListItemIcon>
        <FormatSizeIcon />
      </ListItemIcon>
      <Typography id={labelId} sx={{ flexGrow: 1 }}>
        {t('userMenu.fontSize')}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('userMenu.fontSizeDecrease')}
        data-testid="font-size-decrease"
        disabled={fontSize <= FONT_SIZE.min}
        onClick={() => dispatch(decreaseFontSize())}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography
        data-testid="font-size-value"
        aria-live="polite"
        sx={{ minWidth: '3.2em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
      >
        {t('userMenu.fontSizeValue', { value: fontSize })}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('userMenu.fontSizeIncrease')}
        data-testid="font-size-increase"
        disabled={fontSize >= FONT_SIZE.max}
        onClick={() => dispatch(increaseFontSize())}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

export function LanguageOptions() {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  const labelId = useId();
  return (
    <Box role="radiogroup" aria-labelledby={labelId}>
      <Typography
        id={labelId}
        variant="overline"
        component="p"
        sx={{ px: 2, pt: 1, color: 'text.secondary', lineHeight: 2 }}
      >
        {t('userMenu.language')}
      </Typography>
      {LANGUAGES.map((code) => (
        <ListItemButton
          key={code}
          role="radio"
          aria-checked={code === language}
          data-testid={`language-option-${code}`}
          onClick={() => changeLanguage(code)}
        >
          <ListItemIcon>{code === language && <CheckIcon />}</ListItemIcon>
          <ListItemText primary={t(`languages.${code}`)} slotProps={{ primary: { lang: code } }} />
        </ListItemButton>
      ))}
    </Box>
  );
}
