import type { SnackbarKey } from 'notistack';
import { useMemo } from 'react';

type ToastVariant = 'default' | 'success' | 'warning' | 'error' | 'info';

interface ToastOptions {
  variant?: ToastVariant;
  /** Keeps the toast until it is closed instead of hiding it after the auto-hide time. */
  persist?: boolean;
  /** Where the toast shows, when not in the default corner. */
  anchor?: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'center' | 'right' };
}

export interface Toast {
  show(message: string, options?: ToastOptions): Promise<SnackbarKey>;
  close(key?: SnackbarKey): Promise<void>;
}

// The toaster (notistack) loads after the first paint; toasts asked for while none is mounted
// wait for one instead of being sent to a toaster that is gone, or lost.
let markReady: () => void = () => undefined;
let toasterReady: Promise<void>;
const awaitToaster = () => {
  toasterReady = new Promise<void>((resolve) => {
    markReady = resolve;
  });
};
awaitToaster();

/** Called by the toaster once mounted; returns what to call when it unmounts. */
export function onToasterMounted(): () => void {
  markReady();
  return awaitToaster;
}

async function notistack() {
  await toasterReady;
  return import('notistack');
}

/** Shows toasts from UI code (never from the HTTP client). */
export function useToast(): Toast {
  return useMemo(
    () => ({
      show: async (message, { variant = 'default', persist = false, anchor } = {}) =>
        (await notistack()).enqueueSnackbar(message, {
          variant,
          persist,
          ...(anchor && { anchorOrigin: anchor }),
        }),
      close: async (key) => (await notistack()).closeSnackbar(key),
    }),
    [],
  );
}
