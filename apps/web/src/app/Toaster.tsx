import { styled } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX, TOASTS } from '@themis/shared';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onToasterMounted } from './toast';

// notistack's own greens and oranges are too light for white text (WCAG AA asks 4.5:1);
// these keep white text readable in both themes.
const ReadableToast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1E6B34' },
  '&.notistack-MuiContent-error': { backgroundColor: '#B3261E' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8A4B00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0B5394' },
});

/** On a phone, dialogs fill the screen with their buttons at the bottom: toasts go on top. */
const PHONE_ANCHOR = { vertical: 'top', horizontal: 'center' } as const;

/**
 * On a phone a toast lies over the header (the menu button, a dialog's close button): taps go
 * through it to what is beneath. Toasts carry no actions; notistack sets `pointer-events` inline,
 * hence the `!important`.
 */
const ToastRegion = styled('section')({
  [`@media (max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`]: {
    '& *': { pointerEvents: 'none !important' },
  },
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
  const { t } = useTranslation();
  // Toasts live in a named region of their own, so that no text is outside a landmark.
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  useEffect(() => (region ? onToasterMounted() : undefined), [region]);
  return (
    <ToastRegion aria-label={t('notifications')} ref={setRegion}>
      {region && (
        <SnackbarProvider
          domRoot={region}
          maxSnack={TOASTS.maxSnack}
          autoHideDuration={TOASTS.autoHideMs}
          anchorOrigin={phone ? PHONE_ANCHOR : TOASTS.anchor}
          transitionDuration={{ enter: TOASTS.enterMs, exit: TOASTS.exitMs }}
          Components={VARIANTS}
        />
      )}
    </ToastRegion>
  );
}
