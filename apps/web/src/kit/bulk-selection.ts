/**
 * The rows a list's bulk action is for: some chosen one by one, or every row the search and filter
 * match ("all N matching"), which the server works out itself.
 */
export type Selection = { kind: 'ids'; ids: string[] } | { kind: 'matching' };

export const noSelection: Selection = { kind: 'ids', ids: [] };

export const isSelected = (selection: Selection, id: string) => selection.kind === 'matching' || selection.ids.includes(id);

export const toggleRow = (selection: Selection, id: string, pageIds: readonly string[]): Selection => {
  // Unticking one row of "all matching" leaves the rest of the page ticked.
  if (selection.kind === 'matching') return { kind: 'ids', ids: pageIds.filter((other) => other !== id) };
  return selection.ids.includes(id)
    ? { kind: 'ids', ids: selection.ids.filter((other) => other !== id) }
    : { kind: 'ids', ids: [...selection.ids, id] };
};

/** The header box: ticks the whole page, or unticks it when it is all ticked already. */
export const togglePage = (selection: Selection, pageIds: readonly string[]): Selection => {
  if (selection.kind === 'matching') return noSelection;
  const all = pageIds.every((id) => selection.ids.includes(id));
  return all
    ? { kind: 'ids', ids: selection.ids.filter((id) => !pageIds.includes(id)) }
    : { kind: 'ids', ids: [...new Set([...selection.ids, ...pageIds])] };
};

export const pageState = (selection: Selection, pageIds: readonly string[]): 'all' | 'some' | 'none' => {
  if (selection.kind === 'matching') return 'all';
  const ticked = pageIds.filter((id) => selection.ids.includes(id)).length;
  return ticked === 0 ? 'none' : ticked === pageIds.length ? 'all' : 'some';
};

export const selectedCount = (selection: Selection, total: number) => (selection.kind === 'matching' ? total : selection.ids.length);

/** What the bulk call is sent for the selection: the ids, or the list's search and filter. */
export const bulkTarget = (selection: Selection, list: { search: string; filter: Record<string, unknown> }) =>
  selection.kind === 'matching' ? { matching: { search: list.search, filter: list.filter } } : { ids: selection.ids };
