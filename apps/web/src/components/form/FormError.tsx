import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/error-message';

export interface FormErrorProps {
  /** A failed call: its error code is shown as a translated message. */
  error?: unknown;
  /** A message of the page's own, instead of the call's. */
  message?: string;
  /** Shown after the message, e.g. a link to what to do next. */
  children?: ReactNode;
}

/** The alert showing why a form's call failed. */
export function FormError({ error, message, children }: FormErrorProps) {
  const { t } = useTranslation();
  if (error === undefined && message === undefined) return null;
  const { key, values } = errorMessage(error);
  return (
    <Alert severity="error" role="alert" data-testid="form-error">
      {message ?? t(key, values)}
      {children}
    </Alert>
  );
}
