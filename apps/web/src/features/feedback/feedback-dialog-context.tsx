import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

const FeedbackDialog = lazy(() =>
  import('./components/FeedbackDialog').then((module) => ({ default: module.FeedbackDialog })),
);

const OpenFeedbackContext = createContext<() => void>(() => undefined);

/** Lets the sidebar and the user menu open the one feedback dialog of the shell. */
export function FeedbackDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openDialog = useMemo(() => () => setOpen(true), []);
  return (
    <OpenFeedbackContext.Provider value={openDialog}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </OpenFeedbackContext.Provider>
  );
}

export function useOpenFeedback(): () => void {
  return useContext(OpenFeedbackContext);
}
