import { z } from 'zod';
import { LANGUAGES } from './constants';
import { CONFIRMATION_KINDS } from './rules';
import { ZAccountPassword, ZEmail, ZPasswordInput, ZVerificationCode } from './validation';

export const ZConfirmationKind = z.enum(CONFIRMATION_KINDS);

export const ZLanguage = z.enum(LANGUAGES);

const withRepeat = <
  T extends z.ZodObject<{ password: z.ZodType; password_confirmation: z.ZodString }>,
>(
  schema: T,
) =>
  schema.refine((value) => value.password === value.password_confirmation, {
    message: 'validation.passwordMismatch',
    path: ['password_confirmation'],
  });

export const ZRegisterRequest = withRepeat(
  z.object({
    email: ZEmail,
    password: ZAccountPassword,
    password_confirmation: z.string(),
    terms_accepted: z.literal(true, 'validation.termsRequired'),
    language: ZLanguage,
  }),
).meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZEmailResponse = z.object({ email: z.string() }).meta({ id: 'EmailResponse' });

export const ZActivateRequest = z
  .object({ email: ZEmail, code: ZVerificationCode })
  .meta({ id: 'ActivateRequest' });
export type ActivateRequest = z.infer<typeof ZActivateRequest>;

export const ZResendActivationRequest = z
  .object({ email: ZEmail, language: ZLanguage })
  .meta({ id: 'ResendActivationRequest' });

export const ZAuthUser = z
  .object({
    pk: z.string(),
    email: z.string(),
    has_personal_info_set: z.boolean(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof ZAuthUser>;

export const ZLoginRequest = z
  .object({ email: ZEmail, password: ZPasswordInput })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('authenticated'), user: ZAuthUser }),
    z.object({ status: z.literal('code_required'), challenge_token: z.string() }),
  ])
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof ZLoginResponse>;

export const ZLoginConfirmRequest = z
  .object({
    challenge_token: z.string().min(1).max(200),
    code: ZVerificationCode,
    trust_device: z.boolean(),
  })
  .meta({ id: 'LoginConfirmRequest' });
export type LoginConfirmRequest = z.infer<typeof ZLoginConfirmRequest>;

export const ZLoginResendRequest = z
  .object({ challenge_token: z.string().min(1).max(200) })
  .meta({ id: 'LoginResendRequest' });

export const ZPasswordResetRequest = z
  .object({ email: ZEmail, language: ZLanguage })
  .meta({ id: 'PasswordResetRequest' });

export const ZPasswordResetConfirmRequest = withRepeat(
  z.object({
    token: z.string().min(1).max(200),
    password: ZAccountPassword,
    password_confirmation: z.string(),
  }),
).meta({ id: 'PasswordResetConfirmRequest' });
export type PasswordResetConfirmRequest = z.infer<typeof ZPasswordResetConfirmRequest>;

/** Sets the first password of an account created through an external provider. */
export const ZSetPasswordRequest = withRepeat(
  z.object({ password: ZAccountPassword, password_confirmation: z.string() }),
).meta({ id: 'SetPasswordRequest' });
export type SetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;

/** The change-password form: the e-mailed code and the new password with its repeat. */
export const ZChangePasswordForm = withRepeat(
  z.object({
    verification_code: ZVerificationCode,
    password: ZAccountPassword,
    password_confirmation: z.string(),
  }),
).meta({ id: 'ChangePasswordForm' });
export type ChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

export const ZAcceptedResponse = z
  .object({ status: z.literal('accepted') })
  .meta({ id: 'Accepted' });
export const ZOkResponse = z.object({ status: z.literal('ok') }).meta({ id: 'Ok' });

export const ZSession = z
  .object({
    pk: z.string(),
    browser: z.string(),
    os: z.string(),
    ip: z.string(),
    provider: z.string(),
    created_at: z.iso.datetime({ offset: true }),
    last_seen_at: z.iso.datetime({ offset: true }),
    is_current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof ZSession>;
export const ZSessionList = z.array(ZSession).meta({ id: 'SessionList' });
