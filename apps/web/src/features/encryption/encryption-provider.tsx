import type { EncryptedConversationsAction } from '@themis/shared';
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '../../app/api/error-message';
import { api } from '../../app/api/api';
import { withNoticeForReload } from '../../app/notice-after-reload';
import { useAppDispatch } from '../../app/store';
import { useToast } from '../../app/toast';
import { useDeleteEncryptionSecretsMutation } from './api';
import {
  EncryptionFlowsContext,
  type EncryptionFlows,
  type FlowOutcome,
  type RemovalOptions,
  type SetupOptions,
} from './encryption-flows';
import { restartTab } from './restart-tab';
import { onLockedElsewhere, onUnlockedElsewhere } from './unlock-broadcast';
import { useEncryptionProgress } from './use-encryption-progress';

// The dialogs load when first opened, not with the shell.
const EncryptionSetupDialog = lazy(async () => ({
  default: (await import('./components/EncryptionSetupDialog')).EncryptionSetupDialog,
}));
const UnlockDialog = lazy(async () => ({
  default: (await import('./components/UnlockDialog')).UnlockDialog,
}));
const RemovalChoiceDialog = lazy(async () => ({
  default: (await import('./components/RemovalChoiceDialog')).RemovalChoiceDialog,
}));

/** A dialog asked for, and everyone waiting for its answer (asked twice, it opens once). */
interface Asked<TOptions, TResult> {
  options: TOptions;
  waiting: ((result: TResult) => void)[];
}
type Slot<TOptions, TResult> = [
  Asked<TOptions, TResult> | null,
  Dispatch<SetStateAction<Asked<TOptions, TResult> | null>>,
];

function ask<TOptions, TResult>(
  set: Slot<TOptions, TResult>[1],
  options: TOptions,
): Promise<TResult> {
  return new Promise((resolve) =>
    set((current) =>
      current
        ? { ...current, waiting: [...current.waiting, resolve] }
        : { options, waiting: [resolve] },
    ),
  );
}

function answer<TOptions, TResult>([asked, set]: Slot<TOptions, TResult>, result: TResult) {
  for (const resolve of asked?.waiting ?? []) resolve(result);
  set(null);
}

// A call is made again at most this many times after a dialog, so a server that keeps
// refusing cannot open dialogs forever.
const MAX_RECOVERIES = 2;

/**
 * The encryption dialogs for the whole shell (spec §2, §4): setup, unlock and the removal
 * choice, opened by whichever page needs them and answered as promises; and the progress of
 * the background job that encrypts, decrypts or deletes conversations.
 */
export function EncryptionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('encryption');
  const toast = useToast();
  const setupSlot = useState<Asked<SetupOptions, boolean> | null>(null);
  const unlockSlot = useState<Asked<undefined, boolean> | null>(null);
  const removalSlot = useState<Asked<
    RemovalOptions,
    EncryptedConversationsAction | undefined
  > | null>(null);
  const [deleteSecrets] = useDeleteEncryptionSecretsMutation();
  const dispatch = useAppDispatch();
  useEncryptionProgress();
  // Another tab of this session unlocked: the names of locked conversations can be shown.
  useEffect(
    () => onUnlockedElsewhere(() => dispatch(api.util.invalidateTags(['Me', 'Conversations']))),
    [dispatch],
  );
  // Another tab locked the session: this one starts again locked too.
  useEffect(
    () =>
      onLockedElsewhere(
        () => void withNoticeForReload(t('session.locked'), async () => restartTab()),
      ),
    [t],
  );

  const [, setSetup] = setupSlot;
  const [, setUnlock] = unlockSlot;
  const [, setRemoval] = removalSlot;
  const flows = useMemo<EncryptionFlows>(() => {
    const setUp = (options: SetupOptions = {}) => ask(setSetup, options);
    const unlock = () => ask(setUnlock, undefined);
    async function run<T>(call: () => Promise<T>): Promise<FlowOutcome<T>> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return { status: 'done', data: await call() };
        } catch (error) {
          const code = attempt < MAX_RECOVERIES ? errorCode(error) : undefined;
          let through: boolean;
          if (code === 'decryption_locked') through = await unlock();
          else if (code === 'encryption_key_missing') through = await setUp();
          else return { status: 'failed', error };
          if (!through) return { status: 'cancelled' };
        }
      }
    }
    return {
      setUp,
      unlock,
      chooseRemoval: (options) => ask(setRemoval, options),
      run,
    };
  }, [setSetup, setUnlock, setRemoval]);

  // The PIN or password is forgotten: the only way on is removing it with the encrypted
  // conversations (DECRYPT would need it).
  async function forgot() {
    answer(unlockSlot, false);
    const action = await flows.chooseRemoval({ purpose: 'forgot' });
    if (action !== 'DELETE') return;
    try {
      await deleteSecrets('DELETE').unwrap();
      void toast.show(t('toasts.removed'), { variant: 'success' });
    } catch (error) {
      const { key, values } = errorMessage(error);
      void toast.show(t(key, values), { variant: 'error' });
    }
  }

  const [setup] = setupSlot;
  const [unlocking] = unlockSlot;
  const [removal] = removalSlot;
  return (
    <EncryptionFlowsContext.Provider value={flows}>
      {children}
      {/* One boundary each: a dialog loading must not hide the one already open. */}
      {setup && (
        <Suspense fallback={null}>
          <EncryptionSetupDialog
            options={setup.options}
            onClose={(done) => answer(setupSlot, done)}
          />
        </Suspense>
      )}
      {removal && (
        <Suspense fallback={null}>
          <RemovalChoiceDialog
            options={removal.options}
            onClose={(action) => answer(removalSlot, action)}
          />
        </Suspense>
      )}
      {unlocking && (
        <Suspense fallback={null}>
          <UnlockDialog
            onClose={(unlocked) => answer(unlockSlot, unlocked)}
            onForgot={() => void forgot()}
          />
        </Suspense>
      )}
    </EncryptionFlowsContext.Provider>
  );
}
