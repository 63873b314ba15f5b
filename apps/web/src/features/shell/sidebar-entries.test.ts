import { describe, expect, it } from 'vitest';
import { sidebarEntries, type SidebarContext } from './sidebar-entries';

const today: SidebarContext = {
  signedIn: false,
  billingAvailable: false,
  currentOrganization: null,
};

const summary = (context: SidebarContext) =>
  sidebarEntries(context).map(({ id, enabled }) => `${id}${enabled ? '' : ' (disabled)'}`);

describe('sidebarEntries', () => {
  it('lists the entries in spec order with only chat and language enabled today', () => {
    expect(summary(today)).toEqual([
      'conversations',
      'documents (disabled)',
      'models (disabled)',
      'billing (disabled)',
      'logout (disabled)',
      'language',
      'settings (disabled)',
      'feedback (disabled)',
    ]);
  });

  it('enables account entries and billing once they land', () => {
    const entries = sidebarEntries({ ...today, signedIn: true, billingAvailable: true });
    const disabled = entries.filter((entry) => !entry.enabled).map((entry) => entry.id);
    expect(disabled).toEqual(['documents', 'models']);
  });

  it('hides billing inside an organization and shows organizations only with the settings panel', () => {
    const withPanel = summary({ ...today, currentOrganization: { settingsPanelVisible: true } });
    expect(withPanel).not.toContain('billing (disabled)');
    expect(withPanel).toContain('organizations');
    const withoutPanel = summary({
      ...today,
      currentOrganization: { settingsPanelVisible: false },
    });
    expect(withoutPanel.some((entry) => entry.startsWith('organizations'))).toBe(false);
    expect(withoutPanel.some((entry) => entry.startsWith('billing'))).toBe(false);
  });

  it('puts destinations before account actions', () => {
    const groups = sidebarEntries(today).map((entry) => entry.group);
    expect(groups.indexOf('actions')).toBe(groups.lastIndexOf('destinations') + 1);
  });
});
