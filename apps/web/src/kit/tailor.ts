/**
 * How one screen differs from what its definition gives (fields, columns or filters), without restating
 * the rest: which to show and in what order, which to leave out, what to change in one, what to add.
 */
export type Tailoring<Item> = {
  /** Only these, in this order (added ones included); every one in its derived order when absent. */
  pick?: readonly string[];
  omit?: readonly string[];
  /** What differs in one item, by key: its label, kind, options, a cell's renderer. */
  change?: Readonly<Record<string, Partial<Item>>>;
  /** Items the definition cannot give (a dotted path into an object, a computed cell), after the derived ones unless picked. */
  add?: readonly Item[];
};

/** Derived items as one screen wants them; `keyOf` names an item (a field's `name`, a column's `key`). */
export const tailor = <Item>(derived: readonly Item[], keyOf: (item: Item) => string, tailoring: Tailoring<Item> = {}): Item[] => {
  const all = [...derived, ...(tailoring.add ?? [])];
  const byKey = new Map(all.map((item) => [keyOf(item), item]));
  const unknown = [...(tailoring.pick ?? []), ...(tailoring.omit ?? []), ...Object.keys(tailoring.change ?? {})].filter(
    (key) => !byKey.has(key),
  );
  // A key that matches nothing is a typo or a field the definition no longer has: say so rather than show less.
  if (unknown.length > 0) throw new Error(`No field or column ${unknown.join(', ')} to tailor`);
  const chosen = tailoring.pick ? tailoring.pick.map((key) => byKey.get(key) as Item) : all;
  return chosen
    .filter((item) => !tailoring.omit?.includes(keyOf(item)))
    .map((item) => {
      const change = tailoring.change?.[keyOf(item)];
      return change ? { ...item, ...change } : item;
    });
};
