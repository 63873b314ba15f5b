import { createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '@themis/shared';

declare module '@mui/material/styles' {
  interface TypeBackground {
    /** The navigation sidebar, a step away from the content background. */
    sidebar: string;
  }
}

const FONT_FAMILY = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

// Every text colour below meets WCAG AA (4.5:1) on the backgrounds of its mode.
const PALETTES: Record<ThemeMode, PaletteOptions> = {
  light: {
    mode: 'light',
    primary: { main: '#1B2A4E', light: '#3A4D7A', dark: '#101A33', contrastText: '#FFFFFF' },
    secondary: { main: '#8A5A00', contrastText: '#FFFFFF' },
    background: { default: '#FFFFFF', paper: '#FFFFFF', sidebar: '#F4F5F7' },
    text: { primary: '#1A1D23', secondary: '#4B5260' },
    divider: 'rgba(26, 29, 35, 0.12)',
  },
  dark: {
    mode: 'dark',
    primary: { main: '#A9BFEF', light: '#C8D6F5', dark: '#7F98CC', contrastText: '#0E1629' },
    secondary: { main: '#E3B867', contrastText: '#1A1204' },
    // MUI's default dark red (#f44336) is below 4.5:1 on the paper colour.
    error: { main: '#F28B82', contrastText: '#1A0705' },
    success: { main: '#81C995', contrastText: '#07180C' },
    background: { default: '#15171C', paper: '#1E2127', sidebar: '#101216' },
    text: { primary: '#ECEEF1', secondary: '#A7ADB8' },
    divider: 'rgba(236, 238, 241, 0.14)',
  },
};

export function createAppTheme(mode: ThemeMode): Theme {
  const theme = createTheme({
    palette: PALETTES[mode],
    spacing: 8,
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_FAMILY,
      button: { textTransform: 'none', fontWeight: 600 },
      // Page titles use h4; smaller on phones so a two-line greeting still fits.
      h4: {
        fontWeight: 600,
        letterSpacing: '-0.01em',
        fontSize: '1.75rem',
        '@media (min-width:600px)': { fontSize: '2.125rem' },
      },
    },
  });
  const focusRing = {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 2,
  };
  return createTheme(theme, {
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': focusRing,
        },
      },
      // MUI removes the native outline in favour of a ripple; keyboard users need a clear ring.
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      MuiListItemButton: {
        styleOverrides: { root: { borderRadius: theme.shape.borderRadius } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
      },
    },
  });
}
