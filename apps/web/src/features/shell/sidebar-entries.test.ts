import { describe, expect, it } from 'vitest';
import {
  isEntryEnabled,
  SHELL_CONTEXT,
  sidebarEntries,
  type SidebarContext,
} from './sidebar-entries';

const signedOut: SidebarContext = {
  signedIn: false,
  landed: { billing: false, settings: false, feedback: false },
  currentOrganization: null,
};
const allLanded = { billing: true, settings: true, feedback: true };

const summary = (context: SidebarContext) =>
  sidebarEntries(context).map(({ id, enabled }) => `${id}${enabled ? '' : ' (disabled)'}`);

describe('sidebarEntries', () => {
  it('lists the entries in spec order with only chat and language enabled signed out', () => {
    expect(summary(signedOut)).toEqual([
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

  it('enables logout and billing in the shell today, the other account entries once they land', () => {
    const disabled = (context: SidebarContext) =>
      sidebarEntries(context)
        .filter((entry) => !entry.enabled)
        .map((entry) => entry.id);
    expect(disabled(SHELL_CONTEXT)).toEqual(['documents', 'models']);
    expect(disabled({ ...SHELL_CONTEXT, landed: { ...allLanded, billing: false } })).toEqual([
      'documents',
      'models',
      'billing',
    ]);
    expect(isEntryEnabled(SHELL_CONTEXT, 'feedback')).toBe(true);
    expect(disabled({ ...SHELL_CONTEXT, landed: allLanded })).toEqual(['documents', 'models']);
    expect(isEntryEnabled(SHELL_CONTEXT, 'logout')).toBe(true);
    expect(isEntryEnabled(signedOut, 'logout')).toBe(false);
    expect(isEntryEnabled({ ...signedOut, landed: allLanded }, 'settings')).toBe(false);
  });

  it('hides billing inside an organization and shows organizations only with the settings panel', () => {
    const withPanel = summary({
      ...signedOut,
      currentOrganization: { settingsPanelVisible: true },
    });
    expect(withPanel).not.toContain('billing (disabled)');
    expect(withPanel).toContain('organizations');
    const withoutPanel = summary({
      ...signedOut,
      currentOrganization: { settingsPanelVisible: false },
    });
    expect(withoutPanel.some((entry) => entry.startsWith('organizations'))).toBe(false);
    expect(withoutPanel.some((entry) => entry.startsWith('billing'))).toBe(false);
  });

  it('puts destinations before account actions', () => {
    const groups = sidebarEntries(signedOut).map((entry) => entry.group);
    expect(groups.indexOf('actions')).toBe(groups.lastIndexOf('destinations') + 1);
  });
});
