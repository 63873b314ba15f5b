import { z } from 'zod';
import { ZPrice } from './billing-rules';
import {
  ZAccountPassword,
  ZPasswordInput,
  ZPersonName,
  withoutOwnAreaCode,
  ZPhoneNumber,
  ZPhonePrefix,
  ZVerificationCode,
} from './validation';

export const USER_TYPES = ['INTERNAL', 'EXTERNAL'] as const;
export const ENCRYPTION_KEY_TYPES = ['PIN', 'PASSWORD'] as const;

/** The user's encryption as this session sees it (spec §3 User encryption). */
export const ZEncryptionStatus = z
  .object({
    is_encryption_enabled: z.boolean(),
    is_encryption_key_set: z.boolean(),
    encryption_key_type: z.enum(ENCRYPTION_KEY_TYPES).nullable(),
    is_decryption_unlocked: z.boolean(),
    /**
     * Conversations a background job still has to encrypt, decrypt or delete after the
     * user's last change (enabling, disabling, removing the credential); null when none.
     */
    conversations_pending: z
      .object({
        to_encrypt: z.number().int(),
        to_decrypt: z.number().int(),
        to_delete: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: 'EncryptionStatus' });
export type EncryptionStatus = z.infer<typeof ZEncryptionStatus>;

/** GET /user/get: every User field of spec §3. */
export const ZUserResponse = z
  .object({
    pk: z.string(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    email: z.string(),
    avatar_url: z.string().nullable(),
    phone_prefix: z.string().nullable(),
    phone_number: z.string().nullable(),
    has_personal_info_set: z.boolean(),
    has_password: z.boolean(),
    user_type: z.enum(USER_TYPES),
    language: z.string(),
    customer: z.object({
      // is_free: a free plan's name is a word each language translates.
      plan: z.object({ product_name: z.string(), pk: z.string(), is_free: z.boolean() }),
    }),
    encryption: ZEncryptionStatus,
  })
  .meta({ id: 'User' });
export type UserResponse = z.infer<typeof ZUserResponse>;

/** Personal details (questionnaire and account settings). */
const ZPersonalDetailsFields = z.object({
  name: ZPersonName,
  surname: ZPersonName,
  phone_prefix: ZPhonePrefix.optional(),
  phone_number: ZPhoneNumber.optional(),
});

export const ZPersonalDetailsRequest = ZPersonalDetailsFields.transform(withoutOwnAreaCode).meta({
  id: 'PersonalDetailsRequest',
});
export type PersonalDetailsRequest = z.infer<typeof ZPersonalDetailsRequest>;

/**
 * PUT /user/update as multipart form data (spec §3 Account update payload): these text
 * fields plus an optional `avatar` part: a png or jpeg file to set the picture, an empty
 * value to remove it, absent to keep it. `email` is read-only and ignored when sent.
 * A JSON body with the same text fields is accepted too.
 */
export const ZAccountUpdateFields = ZPersonalDetailsFields.extend({
  email: z.string().max(254).optional(),
})
  .transform(withoutOwnAreaCode)
  .meta({ id: 'AccountUpdateFields' });
export type AccountUpdateFields = z.infer<typeof ZAccountUpdateFields>;

export const PLAN_SCOPES = ['individual', 'organization'] as const;

export const ZPlan = z
  .object({
    pk: z.string(),
    code: z.string(),
    product_name: z.string(),
    scope: z.enum(PLAN_SCOPES),
    monthly_token_limit: z.number().int(),
    has_encryption: z.boolean(),
    /** Net prices in minor units; `prices` adds the VAT. */
    price_monthly_cents: z.number().int(),
    price_yearly_cents: z.number().int(),
    prices: z.object({ monthly: ZPrice, yearly: ZPrice }),
    vat_rate_percent: z.number().int(),
    currency: z.string(),
    is_free: z.boolean(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof ZPlan>;
export const ZPlanList = z.array(ZPlan).meta({ id: 'PlanList' });

/** Confirmation kinds a signed-in user asks a code for from the security settings. */
export const ACCOUNT_CODE_KINDS = ['USER_PASSWORD_CHANGE', 'USER_DELETE'] as const;

export const ZSendVerificationCodeRequest = z
  .object({ verification_code_type: z.enum(ACCOUNT_CODE_KINDS) })
  .meta({ id: 'SendVerificationCodeRequest' });

export const ZChangePasswordRequest = z
  .object({ verification_code: ZVerificationCode, new_password: ZAccountPassword })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZDeleteAccountRequest = z
  .object({
    verification_code: ZVerificationCode,
    /** Required when the account has a password. */
    password: ZPasswordInput.optional(),
  })
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

export const PROVIDER_NAMES = ['google', 'apple', 'microsoft', 'system'] as const;

/** GET /user/external-provider/list: how the user can sign in ('system' is the password). */
export const ZConnectedServiceList = z
  .array(z.object({ provider_name: z.enum(PROVIDER_NAMES) }))
  .meta({ id: 'ConnectedServiceList' });
export type ConnectedServiceList = z.infer<typeof ZConnectedServiceList>;
