import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brokenPasswordRules, PASSWORD_LENGTH } from '@themis/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../visually-hidden';

/** Checklist items and the messages of the shared password rule each one stands for. */
const RULES = [
  { id: 'length', messages: ['validation.passwordMin', 'validation.passwordMax'] },
  { id: 'case', messages: ['validation.passwordCase'] },
  { id: 'digitOrSpecial', messages: ['validation.passwordDigitOrSpecial'] },
  { id: 'characters', messages: ['validation.passwordCharacters'] },
] as const;

export interface PasswordRulesProps {
  password: string;
  id?: string;
}

/** The password rules as a live checklist, judged by the rules the shared schema applies. */
export function PasswordRules({ password, id }: PasswordRulesProps) {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const failed = brokenPasswordRules(password);

  return (
    <Box id={id} data-testid="password-rules">
      <Typography id={titleId} variant="body2" color="text.secondary">
        {t('passwordRules.title')}
      </Typography>
      <Box component="ul" aria-labelledby={titleId} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {RULES.map((rule) => {
          // Nothing typed meets nothing, not even the rule no character breaks yet.
          const met = password !== '' && rule.messages.every((message) => !failed.has(message));
          const Icon = met ? CheckCircleIcon : RadioButtonUncheckedIcon;
          return (
            <Box
              component="li"
              key={rule.id}
              data-met={met}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
            >
              <Icon
                aria-hidden
                fontSize="small"
                sx={{ color: met ? 'success.main' : 'text.secondary' }}
              />
              <Typography variant="body2">
                {t(`passwordRules.${rule.id}`, PASSWORD_LENGTH)}{' '}
                <Box component="span" sx={visuallyHidden}>
                  {t(met ? 'passwordRules.met' : 'passwordRules.unmet')}
                </Box>
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
