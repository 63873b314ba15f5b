import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { SettingsTab } from './settings-tabs';

const SettingsDialog = lazy(() =>
  import('./components/SettingsDialog').then((module) => ({ default: module.SettingsDialog })),
);

type OpenSettings = (tab?: SettingsTab) => void;
const OpenSettingsContext = createContext<OpenSettings>(() => undefined);

/** Lets the sidebar and the user menu open the one settings dialog of the shell. */
export function SettingsDialogProvider({ children }: { children: ReactNode }) {
  const [tab, setTab] = useState<SettingsTab | null>(null);
  const openDialog = useMemo<OpenSettings>(
    () =>
      (next = 'account') =>
        setTab(next),
    [],
  );
  return (
    <OpenSettingsContext.Provider value={openDialog}>
      {children}
      {tab && (
        <Suspense fallback={null}>
          <SettingsDialog initialTab={tab} onClose={() => setTab(null)} />
        </Suspense>
      )}
    </OpenSettingsContext.Provider>
  );
}

export function useOpenSettings(): OpenSettings {
  return useContext(OpenSettingsContext);
}
