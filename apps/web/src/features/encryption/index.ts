// The public face of the feature for other features (docs/ARCHITECTURE.md, Rules): the
// provider the shell mounts, the flows pages start, the progress line of the settings and
// the shell header's lock button.
export { EncryptionLockButton } from './components/EncryptionLockButton';
export { EncryptionProgress } from './components/EncryptionProgress';
export { useEncryptionFlows } from './encryption-flows';
export { EncryptionProvider } from './encryption-provider';
export { onUnlockedElsewhere } from './unlock-broadcast';
