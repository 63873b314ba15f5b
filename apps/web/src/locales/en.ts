import auth from './en/auth.json';
import billing from './en/billing.json';
import chat from './en/chat.json';
import common from './en/common.json';
import encryption from './en/encryption.json';
import errors from './en/errors.json';
import feedback from './en/feedback.json';
import maintenance from './en/maintenance.json';
import organizations from './en/organizations.json';
import questionnaire from './en/questionnaire.json';
import settings from './en/settings.json';
import sharing from './en/sharing.json';
import validation from './en/validation.json';

// Every namespace of the app's texts in one language but the legal documents, which load
// with their pages (features/legal).
export default {
  common,
  errors,
  maintenance,
  chat,
  auth,
  validation,
  questionnaire,
  feedback,
  settings,
  organizations,
  encryption,
  sharing,
  billing,
};
