/**
 * The closed list of error codes the API returns as `{"detail": code}`.
 * Every code has an en and pl message in the web app (a test checks it).
 */
export const ERROR_CODES = [
  // transport and validation
  'not_found',
  'method_not_allowed',
  'invalid_json',
  'validation_error',
  'payload_too_large',
  'unsupported_media_type',
  'unauthorized',
  'forbidden',
  'origin_not_allowed',
  'rate_limited',
  'service_under_maintenance',
  'service_unavailable',
  'internal_error',
  // files
  'invalid_file_type',
  'file_too_large',
  'file_empty',
  // accounts (spec §8)
  'user_already_registered',
  'user_is_not_activated',
  'invalid_credentials',
  'code_invalid',
  'code_expired',
  'reset_link_invalid',
  'terms_not_accepted',
  'not_in_provider_scope',
  'password_already_set',
  'provider_email_not_verified',
  'no_current_organization',
  // chat (spec §8 chat notices)
  'no_model_selected',
  'model_not_found',
  'monthly_limit_reached',
  'message_generating_error',
  'conversation_busy',
  'too_many_files',
  'attachment_not_supported',
  'document_without_text',
  'document_too_large',
  // organizations (spec §8 invitation errors)
  'invitation_not_found',
  'invitation_wrong_account',
  'already_member',
  'cannot_invite_self',
  'invitation_pending',
  'membership_changed',
  'model_not_allowed',
  // encryption
  'incorrect_decryption_password',
  'not_encrypted_user_product',
  'encryption_key_missing',
  'decryption_locked',
  'encryption_forced',
  'encryption_in_progress',
  // sharing
  'share_decryption_unconfirmed',
  'share_link_superseded',
  // export
  'export_disabled',
  // payments
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'incorrect_number',
  'authentication_failed',
  'billing_details_missing',
  'subscription_exists',
  'payment_in_progress',
  'payments_unavailable',
  'card_in_use',
  'webhook_signature_invalid',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
