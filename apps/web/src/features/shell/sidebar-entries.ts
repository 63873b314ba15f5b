/** The sidebar entries of spec §2, in the spec's order. */
const SIDEBAR_ENTRY_IDS = [
  'conversations',
  'documents',
  'models',
  'billing',
  'organizations',
  'logout',
  'language',
  'settings',
  'feedback',
] as const;

export type SidebarEntryId = (typeof SIDEBAR_ENTRY_IDS)[number];

export interface SidebarContext {
  /** Logout, settings and feedback need a signed-in user. */
  signedIn: boolean;
  /** Features whose screens have landed; until then their entries show disabled. */
  landed: { billing: boolean; settings: boolean; feedback: boolean };
  currentOrganization: { settingsPanelVisible: boolean } | null;
}

/** The shell's context today: it renders behind the session guard, every feature landed. */
export const SHELL_CONTEXT: SidebarContext = {
  signedIn: true,
  landed: { billing: true, settings: true, feedback: true },
  currentOrganization: null,
};

export interface SidebarEntry {
  id: SidebarEntryId;
  enabled: boolean;
  /** Navigation destinations come first; account actions follow a divider. */
  group: 'destinations' | 'actions';
}

const ACTIONS: ReadonlySet<SidebarEntryId> = new Set([
  'logout',
  'language',
  'settings',
  'feedback',
]);

export function sidebarEntries(context: SidebarContext): SidebarEntry[] {
  const { signedIn, landed, currentOrganization } = context;
  const visible: Record<SidebarEntryId, boolean> = {
    conversations: true,
    documents: true,
    models: true,
    billing: currentOrganization === null,
    organizations: currentOrganization?.settingsPanelVisible === true,
    logout: true,
    language: true,
    settings: true,
    feedback: true,
  };
  const enabled: Record<SidebarEntryId, boolean> = {
    conversations: true,
    // The spec shows documents and models in the sidebar but never enables them.
    documents: false,
    models: false,
    billing: landed.billing,
    organizations: true,
    logout: signedIn,
    language: true,
    settings: signedIn && landed.settings,
    feedback: signedIn && landed.feedback,
  };
  return SIDEBAR_ENTRY_IDS.filter((id) => visible[id]).map((id) => ({
    id,
    enabled: enabled[id],
    group: ACTIONS.has(id) ? 'actions' : 'destinations',
  }));
}

/** Whether an entry is usable; the user menu offers the same actions as the sidebar. */
export function isEntryEnabled(context: SidebarContext, id: SidebarEntryId): boolean {
  return sidebarEntries(context).some((entry) => entry.id === id && entry.enabled);
}
