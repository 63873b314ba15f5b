import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { afterFirstPage } from './first-page';
import { i18n } from './i18n';
import { savePreferences } from './preferences';
import { useAppSelector, type AppStore } from './store';
import { createAppTheme } from './theme';

// Toasts are never needed for the first paint: their library loads after it, once idle.
const Toaster = lazy(() => import('./Toaster'));

function IdleToaster() {
  const [idle, setIdle] = useState(false);
  useEffect(() => afterFirstPage(() => setIdle(true)), []);
  return idle ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** Applies the theme and font size to the page and remembers them. */
function PreferencesThemeProvider({ children }: { children: ReactNode }) {
  const preferences = useAppSelector((state) => state.preferences);
  const { themeMode, fontSize } = preferences;
  const theme = useMemo(() => createAppTheme(themeMode), [themeMode]);

  useEffect(() => {
    document.body.dataset.theme = themeMode;
    // A percentage on the root element scales every rem-based size.
    document.documentElement.style.fontSize = `${fontSize}%`;
    savePreferences({ themeMode, fontSize });
  }, [themeMode, fontSize]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <PreferencesThemeProvider>
          {children}
          <IdleToaster />
        </PreferencesThemeProvider>
      </I18nextProvider>
    </ReduxProvider>
  );
}
