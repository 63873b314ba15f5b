import { z } from 'zod';
import { CREDENTIAL_PASSWORD_LENGTH, ENCRYPTION_PIN_LENGTH } from './rules';

/** The encryption PIN (spec §5): exactly 6 digits. */
export const ZEncryptionPin = z
  .string()
  .regex(new RegExp(`^\\d{${ENCRYPTION_PIN_LENGTH}}$`), 'validation.pinLength');

/** The encryption password (spec §5): 6 to 32 characters. */
export const ZEncryptionPassword = z
  .string()
  .min(CREDENTIAL_PASSWORD_LENGTH.min, 'validation.credentialPasswordMin')
  .max(CREDENTIAL_PASSWORD_LENGTH.max, 'validation.credentialPasswordMax');

/**
 * POST /user/create-encryption-secrets: a PIN or a password protecting the user's data key.
 * With a credential already set, the data key must be unlocked in the session: the new
 * credential then replaces the old one (a PIN changed to a password, or a new PIN).
 */
export const ZCreateEncryptionSecretsRequest = z
  .discriminatedUnion('encryption_key_type', [
    z.object({ encryption_key_type: z.literal('PIN'), encryption_key: ZEncryptionPin }),
    z.object({ encryption_key_type: z.literal('PASSWORD'), encryption_key: ZEncryptionPassword }),
  ])
  .meta({ id: 'CreateEncryptionSecretsRequest' });
export type CreateEncryptionSecretsRequest = z.infer<typeof ZCreateEncryptionSecretsRequest>;

/** POST /user/unlock-decryption: the PIN or password; checked, never stored. */
export const ZUnlockDecryptionRequest = z
  .object({ encryption_key: z.string().min(1).max(CREDENTIAL_PASSWORD_LENGTH.max) })
  .meta({ id: 'UnlockDecryptionRequest' });
export type UnlockDecryptionRequest = z.infer<typeof ZUnlockDecryptionRequest>;

/** What becomes of the encrypted conversations when encryption is disabled or its credential removed. */
export const ENCRYPTED_CONVERSATIONS_ACTIONS = ['DELETE', 'DECRYPT'] as const;
export type EncryptedConversationsAction = (typeof ENCRYPTED_CONVERSATIONS_ACTIONS)[number];
export const ZEncryptedConversationsAction = z.enum(ENCRYPTED_CONVERSATIONS_ACTIONS);

/**
 * POST /user/disable-encryption and POST /organization/membership/disable-encryption/{pk}:
 * DELETE removes the context's encrypted conversations for good; DECRYPT keeps them as
 * plain text and needs the data key unlocked in the session.
 */
export const ZDisableEncryptionRequest = z
  .object({ encrypted_conversations_action: ZEncryptedConversationsAction })
  .meta({ id: 'DisableEncryptionRequest' });
export type DisableEncryptionRequest = z.infer<typeof ZDisableEncryptionRequest>;

/**
 * GET /user/encrypted-conversations/count: how many of the user's conversations are encrypted
 * in their own profile, in one organization of theirs, or everywhere (what a DELETE removes).
 */
export const ZEncryptedCountQuery = z
  .object({
    scope: z.enum(['individual', 'organization', 'all']),
    organization_pk: z.uuid().optional(),
  })
  .refine((query) => (query.scope === 'organization') === (query.organization_pk !== undefined), {
    message: 'validation.invalid',
    path: ['organization_pk'],
  });
export type EncryptedCountQuery = z.infer<typeof ZEncryptedCountQuery>;
export const ZEncryptedCountResponse = z
  .object({ count: z.number().int() })
  .meta({ id: 'EncryptedCountResponse' });

/** DELETE /user/delete-encryption-secrets?encrypted_conversations_action=: for every context. */
export const ZDeleteEncryptionSecretsQuery = z.object({
  encrypted_conversations_action: ZEncryptedConversationsAction,
});
