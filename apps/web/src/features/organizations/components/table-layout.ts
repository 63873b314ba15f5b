// The phone layout of the organization's tables: a row keeps its first column and its
// actions; the other columns' cells are for wide screens, and what matters of them shows
// under the first column's text (or in a detail panel).

/** A cell of a wide screen only. */
export const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
/** An action of a wide screen only (on a phone it is in the detail panel). */
export const WIDE_ONLY_INLINE = { display: { xs: 'none', md: 'inline-flex' } } as const;
/** Under a row's first column on a phone, in place of the wide screen's cells. */
export const PHONE_ONLY = { display: { md: 'none' } } as const;
