import { TOASTS } from '@themis/shared';
import { SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { onToasterMounted } from './toast';

/** The toast container, with the spec's limits; loaded lazily by the providers. */
export default function Toaster() {
  useEffect(onToasterMounted, []);
  return (
    <SnackbarProvider
      maxSnack={TOASTS.maxSnack}
      autoHideDuration={TOASTS.autoHideMs}
      anchorOrigin={TOASTS.anchor}
      transitionDuration={{ enter: TOASTS.enterMs, exit: TOASTS.exitMs }}
    />
  );
}
