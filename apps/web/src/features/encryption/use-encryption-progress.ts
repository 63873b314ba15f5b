import type { EncryptionStatus } from '@themis/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useAppDispatch } from '../../app/store';
import { useToast } from '../../app/toast';
import { useGetMeQuery } from '../user/api';

export type PendingConversations = NonNullable<EncryptionStatus['conversations_pending']>;
export const PENDING_KINDS = ['encrypt', 'decrypt', 'delete'] as const;
export type PendingKind = (typeof PENDING_KINDS)[number];

export const pendingCount = (pending: PendingConversations, kind: PendingKind) =>
  pending[`to_${kind}`];

const POLL_MS = 2000;

/**
 * While a background job encrypts, decrypts or deletes conversations, Me is fetched every
 * 2 s (its progress shows in the settings); when it is done the history and the memberships
 * are fetched again and a toast says so.
 */
export function useEncryptionProgress() {
  const { t } = useTranslation('encryption');
  const toast = useToast();
  const dispatch = useAppDispatch();
  const pending = useGetMeQuery().data?.encryption.conversations_pending ?? null;
  useGetMeQuery(undefined, { skip: pending === null, pollingInterval: POLL_MS });
  // What the job was doing, for the toast's words; the last status may count nothing left.
  const seen = useRef<Set<PendingKind> | null>(null);

  useEffect(() => {
    if (pending) {
      seen.current ??= new Set();
      for (const kind of PENDING_KINDS) {
        if (pendingCount(pending, kind) > 0) seen.current.add(kind);
      }
      return;
    }
    if (!seen.current) return;
    const kinds = [...seen.current];
    seen.current = null;
    // Memberships may have changed with the conversations (a credential removed).
    dispatch(api.util.invalidateTags(['Conversations', 'Organization']));
    const [only] = kinds;
    void toast.show(t(kinds.length === 1 && only ? `progress.done.${only}` : 'progress.done.all'), {
      variant: 'success',
    });
  }, [pending, dispatch, toast, t]);
}
