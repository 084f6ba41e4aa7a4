import type { Option } from './field-descriptor';

/** The label of an expanded reference (`{ _id, label }`), or the labels of a list of them. */
export const expandedLabel = (expansion: unknown): string => {
  if (Array.isArray(expansion)) return expansion.map(expandedLabel).filter(Boolean).join(', ');
  if (expansion && typeof expansion === 'object' && 'label' in expansion) return String((expansion as { label: unknown }).label ?? '');
  return '';
};

/** The `{ _id, label }` (or list of them) a record answers for a reference, as options. */
export const expandedOptions = (expansion: unknown): Option[] =>
  (Array.isArray(expansion) ? expansion : [expansion]).flatMap((item) =>
    item && typeof item === 'object' && '_id' in item ? [{ value: String(item._id), label: expandedLabel(item) || String(item._id) }] : [],
  );
