/**
 * Tabs of the settings dialog (spec §2). Link manager and organization security join with
 * sharing and organizations.
 */
export const SETTINGS_TABS = ['account', 'security'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
