import { styled } from '@mui/material/styles';
import { TOASTS } from '@themis/shared';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { onToasterMounted } from './toast';

// notistack's own greens and oranges are too light for white text (WCAG AA asks 4.5:1);
// these keep white text readable in both themes.
const ReadableToast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1E6B34' },
  '&.notistack-MuiContent-error': { backgroundColor: '#B3261E' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8A4B00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0B5394' },
});

const VARIANTS = {
  default: ReadableToast,
  success: ReadableToast,
  error: ReadableToast,
  warning: ReadableToast,
  info: ReadableToast,
};

/** The toast container, with the spec's limits; loaded lazily by the providers. */
export default function Toaster() {
  useEffect(onToasterMounted, []);
  return (
    <SnackbarProvider
      maxSnack={TOASTS.maxSnack}
      autoHideDuration={TOASTS.autoHideMs}
      anchorOrigin={TOASTS.anchor}
      transitionDuration={{ enter: TOASTS.enterMs, exit: TOASTS.exitMs }}
      Components={VARIANTS}
    />
  );
}
