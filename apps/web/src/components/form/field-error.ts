import {
  CHAT_INPUT_MAX,
  CODE_LENGTH,
  CONVERSATION_NAME_MAX,
  CREDENTIAL_PASSWORD_LENGTH,
  ENCRYPTION_PIN_LENGTH,
  FEEDBACK_MESSAGE_MAX,
  INVITATION_EMAILS_MAX,
  NAME_MAX,
  ORGANIZATION_NAME_LENGTH,
  PASSWORD_LENGTH,
  PERMITTED_SPECIAL_CHARACTERS,
  PHONE_DIGITS,
} from '@themis/shared';
import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

const PREFIX = 'validation.';

/** Values for the messages of the shared rules, whose keys carry no numbers. */
const MESSAGE_VALUES: Record<string, Record<string, string | number>> = {
  passwordMin: { count: PASSWORD_LENGTH.min },
  passwordMax: { count: PASSWORD_LENGTH.max },
  passwordCharacters: { characters: PERMITTED_SPECIAL_CHARACTERS },
  codeLength: { count: CODE_LENGTH },
  pinLength: { count: ENCRYPTION_PIN_LENGTH },
  credentialPasswordMin: { count: CREDENTIAL_PASSWORD_LENGTH.min },
  credentialPasswordMax: { count: CREDENTIAL_PASSWORD_LENGTH.max },
  nameMax: { count: NAME_MAX },
  messageMax: { count: FEEDBACK_MESSAGE_MAX },
  phoneInvalid: { min: PHONE_DIGITS.min, max: PHONE_DIGITS.max },
  conversationNameMax: { count: CONVERSATION_NAME_MAX },
  chatInputMax: { length: CHAT_INPUT_MAX },
  organizationNameMin: { count: ORGANIZATION_NAME_LENGTH.min },
  invitationEmailsMax: { count: INVITATION_EMAILS_MAX },
};

/** A key that carries its number, as 'validation.tooLong:200' (the shared `tooLong`). */
const WITH_COUNT = /^(\w+):(\d+)$/;

/**
 * Translates a field error. The shared schemas give keys such as 'validation.passwordMin';
 * anything else (zod's own English messages) shows as 'Invalid input'.
 */
export function useFieldErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t, i18n } = useTranslation('validation');
  return useCallback(
    (error) => {
      if (!error) return undefined;
      const message = error.message ?? '';
      const named = message.startsWith(PREFIX) ? message.slice(PREFIX.length) : '';
      const counted = WITH_COUNT.exec(named);
      const key = counted ? counted[1]! : named;
      const values = counted ? { count: Number(counted[2]) } : MESSAGE_VALUES[key];
      return key && i18n.exists(`validation:${key}`) ? t(key, values) : t('invalid');
    },
    [t, i18n],
  );
}
