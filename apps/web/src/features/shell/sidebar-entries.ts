/** The sidebar entries of spec §2, in the spec's order. */
export const SIDEBAR_ENTRY_IDS = [
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
  billingAvailable: boolean;
  currentOrganization: { settingsPanelVisible: boolean } | null;
}

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
  const { signedIn, billingAvailable, currentOrganization } = context;
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
    billing: billingAvailable,
    organizations: true,
    logout: signedIn,
    language: true,
    settings: signedIn,
    feedback: signedIn,
  };
  return SIDEBAR_ENTRY_IDS.filter((id) => visible[id]).map((id) => ({
    id,
    enabled: enabled[id],
    group: ACTIONS.has(id) ? 'actions' : 'destinations',
  }));
}
