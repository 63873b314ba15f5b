import type { EncryptedConversationsAction, EncryptionStatus } from '@themis/shared';
import { createContext, useContext } from 'react';

export type EncryptionKeyType = NonNullable<EncryptionStatus['encryption_key_type']>;

/** Why the encrypted conversations are to be removed, which words the removal dialog uses. */
type RemovalPurpose = 'disable' | 'membership' | 'removeMethod' | 'forgot';

export interface SetupOptions {
  /** Replaces the PIN or password set now (the session must be unlocked). */
  change?: boolean;
  /** The method chosen first. */
  keyType?: EncryptionKeyType;
  /** The chat asked for it: this context keeps its conversations encrypted. */
  required?: boolean;
}

export interface RemovalOptions {
  purpose: RemovalPurpose;
  /** The organization's name and id, for a membership. */
  organization?: string;
  organizationPk?: string;
}

export type FlowOutcome<T> =
  { status: 'done'; data: T } | { status: 'cancelled' } | { status: 'failed'; error: unknown };

export interface EncryptionFlows {
  /** Opens the setup dialog; true once a PIN or password is set. */
  setUp(options?: SetupOptions): Promise<boolean>;
  /** Opens the unlock dialog; true once the session is unlocked. */
  unlock(): Promise<boolean>;
  /** Asks DELETE or DECRYPT, then for a confirmation; undefined when cancelled. */
  chooseRemoval(options: RemovalOptions): Promise<EncryptedConversationsAction | undefined>;
  /**
   * Makes a call; refused for a missing credential (setup) or a locked session (unlock), it
   * opens that dialog and makes the call again once the user is through it.
   */
  run<T>(call: () => Promise<T>): Promise<FlowOutcome<T>>;
}

export const EncryptionFlowsContext = createContext<EncryptionFlows | null>(null);

/** The encryption dialogs of the shell (EncryptionProvider). */
export function useEncryptionFlows(): EncryptionFlows {
  const flows = useContext(EncryptionFlowsContext);
  if (!flows) throw new Error('useEncryptionFlows needs an EncryptionProvider above it');
  return flows;
}
