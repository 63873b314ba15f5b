// The public face of the feature for the app, which composes the shell.
export { ShellLayout } from './components/ShellLayout';
