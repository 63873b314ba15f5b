/** Tabs of the settings dialog (spec §2). */
export const SETTINGS_TABS = [
  'account',
  'security',
  'linkManager',
  'organizationSecurity',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
