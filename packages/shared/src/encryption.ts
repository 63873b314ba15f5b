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
