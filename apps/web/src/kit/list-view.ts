/**
 * What a list shows, apart from its rows: the search, the filter choices, the columns and the sort.
 * Saved under a name (a saved view) on the server, and the unsaved state kept in the browser.
 */
export type ListView = {
  search: string;
  filter: Record<string, string>;
  /** Column keys shown, in order; empty means the definition's own. */
  columns: string[];
  sort: { key: string; direction: 'asc' | 'desc' } | null;
};

export const emptyView: ListView = { search: '', filter: {}, columns: [], sort: null };

/**
 * The columns to draw: the chosen ones in their order (unknown keys dropped), or, when none are
 * chosen or none are left, all but the optional ones (those a user adds from the Columns menu).
 */
export const visibleColumns = <C extends { key: string; optional?: boolean }>(all: readonly C[], chosen: readonly string[]): C[] => {
  const byKey = new Map(all.map((column) => [column.key, column]));
  const shown = chosen.flatMap((key) => byKey.get(key) ?? []);
  return shown.length > 0 ? shown : all.filter((column) => !column.optional);
};

/** Shows or hides one column; the last one shown cannot be hidden (a table needs a column). */
export const toggleColumn = (all: readonly { key: string; optional?: boolean }[], chosen: readonly string[], key: string): string[] => {
  const current = visibleColumns(all, chosen).map((column) => column.key);
  if (current.includes(key)) return current.length === 1 ? current : current.filter((k) => k !== key);
  // A column comes back where the definition has it.
  const order = all.map((column) => column.key);
  return [...current, key].sort((a, b) => order.indexOf(a) - order.indexOf(b));
};

/** A saved view as the server keeps it, read back into a list's state (filter values as the selects hold them). */
export const viewOfSaved = (saved: {
  search?: string | null;
  filter?: Record<string, unknown> | null;
  columns?: string[] | null;
  sort?: ListView['sort'] | null;
}): ListView => ({
  search: saved.search ?? '',
  filter: Object.fromEntries(
    Object.entries(saved.filter ?? {}).flatMap(([key, value]) => (typeof value === 'string' && value !== '' ? [[key, value]] : [])),
  ),
  columns: saved.columns ?? [],
  sort: saved.sort ?? null,
});

/** Whether the list shows what a saved view says (the menu marks it, and offers to save changes otherwise). */
export const sameView = (a: ListView, b: ListView) =>
  a.search.trim() === b.search.trim() &&
  JSON.stringify(
    Object.entries(a.filter)
      .filter(([, v]) => v)
      .sort(),
  ) ===
    JSON.stringify(
      Object.entries(b.filter)
        .filter(([, v]) => v)
        .sort(),
    ) &&
  a.columns.join() === b.columns.join() &&
  JSON.stringify(a.sort) === JSON.stringify(b.sort);

/**
 * The sort a list asks its server for, when its definition declares sortable fields: the chosen
 * column's, if it is one of them (the whole list is sorted, not the page shown).
 */
export const serverSortOf = (sort: ListView['sort'], sortable: readonly string[] | undefined) =>
  sort && sortable?.includes(sort.key) ? { field: sort.key, direction: sort.direction } : undefined;

/** Whether a column's header sorts: any column of a list sorted page by page, only a sortable field's where the server sorts. */
export const columnSorts = (key: string, sortable: readonly string[] | undefined) =>
  !sortable || sortable.length === 0 || sortable.includes(key);

/** Sorts one page's rows by a column's text, for a list whose server cannot sort (it pages newest first). */
export const sortRows = <Row>(rows: readonly Row[], sort: ListView['sort'], read: (row: Row, key: string) => unknown): Row[] => {
  if (!sort) return [...rows];
  const text = (row: Row) => {
    const value = read(row, sort.key);
    return value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * text(a).localeCompare(text(b), undefined, { numeric: true, sensitivity: 'base' }));
};

/** The next sort when a header is clicked: ascending, descending, then none. */
export const nextSort = (sort: ListView['sort'], key: string): ListView['sort'] => {
  if (sort?.key !== key) return { key, direction: 'asc' };
  return sort.direction === 'asc' ? { key, direction: 'desc' } : null;
};

/** Where the unsaved state of a list is kept in the browser, per user and resource. */
export const localViewKey = (userId: string | undefined, resource: string) => `list-view:${userId ?? 'anyone'}:${resource}`;

export const readLocalView = (storage: Pick<Storage, 'getItem'> | undefined, key: string): ListView | undefined => {
  try {
    const text = storage?.getItem(key);
    return text ? viewOfSaved(JSON.parse(text) as ListView) : undefined;
  } catch {
    return undefined;
  }
};
