/** Tabs of the settings dialog (spec §2). The link manager joins with sharing. */
export const SETTINGS_TABS = ['account', 'security', 'organizationSecurity'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
