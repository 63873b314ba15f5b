// The public face of the feature: the provider lazy-loads the dialog itself.
export { FeedbackDialogProvider, useOpenFeedback } from './feedback-dialog-context';
