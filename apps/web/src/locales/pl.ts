import auth from './pl/auth.json';
import billing from './pl/billing.json';
import chat from './pl/chat.json';
import common from './pl/common.json';
import encryption from './pl/encryption.json';
import errors from './pl/errors.json';
import feedback from './pl/feedback.json';
import maintenance from './pl/maintenance.json';
import organizations from './pl/organizations.json';
import questionnaire from './pl/questionnaire.json';
import settings from './pl/settings.json';
import sharing from './pl/sharing.json';
import validation from './pl/validation.json';

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
