/** What a key does on a list: move between rows, turn pages, go to the search box, select the row. */
export type ListKeyAction = 'next-row' | 'previous-row' | 'next-page' | 'previous-page' | 'focus-search' | 'toggle-row' | 'open-row';

/** Keys typed into a field belong to the field, and keys with a modifier to the browser. */
const typing = (target: { tagName?: string; isContentEditable?: boolean } | null) =>
  Boolean(target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(String(target.tagName).toUpperCase())));

/**
 * The list's keyboard map, as Gmail and Bullhorn users expect it: j/k (or arrows) move between rows,
 * [ and ] turn pages, / goes to the search, x selects the row, Enter opens it.
 */
export const listKeyAction = (event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target: { tagName?: string; isContentEditable?: boolean } | null;
}): ListKeyAction | undefined => {
  if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return undefined;
  switch (event.key) {
    case 'j':
    case 'ArrowDown':
      return 'next-row';
    case 'k':
    case 'ArrowUp':
      return 'previous-row';
    case ']':
      return 'next-page';
    case '[':
      return 'previous-page';
    case '/':
      return 'focus-search';
    case 'x':
      return 'toggle-row';
    case 'Enter':
      return 'open-row';
    default:
      return undefined;
  }
};

/** The row focused after a move, kept within the page (-1: none yet, so the first move lands on the first). */
export const movedRow = (current: number, action: 'next-row' | 'previous-row', rows: number) => {
  if (rows === 0) return -1;
  if (current < 0) return action === 'next-row' ? 0 : rows - 1;
  return Math.min(rows - 1, Math.max(0, current + (action === 'next-row' ? 1 : -1)));
};
