import { useSnackbar, type SnackbarKey } from 'notistack';
import { useMemo } from 'react';

export type ToastVariant = 'default' | 'success' | 'warning' | 'error' | 'info';

export interface ToastOptions {
  variant?: ToastVariant;
  /** Keeps the toast until it is closed instead of hiding it after the auto-hide time. */
  persist?: boolean;
}

export interface Toast {
  show(message: string, options?: ToastOptions): SnackbarKey;
  close(key?: SnackbarKey): void;
}

/** Shows toasts from UI code (never from the HTTP client). */
export function useToast(): Toast {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      show: (message, { variant = 'default', persist = false } = {}) =>
        enqueueSnackbar(message, { variant, persist }),
      close: (key) => closeSnackbar(key),
    }),
    [enqueueSnackbar, closeSnackbar],
  );
}
