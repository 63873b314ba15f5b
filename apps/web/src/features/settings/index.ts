// The public face of the feature: the provider lazy-loads the dialog itself.
export { SettingsDialogProvider, useOpenSettings } from './settings-dialog-context';
