import { placementOf } from './sections';

/**
 * Where a record of each kind opens, by definition name, as its definition's screen placement says:
 * its own page, or else its list with the record's dialog open (`?open=<id>`, which the list reads),
 * or the section it is seen in. One rule for every list, link and mail that names a record; a kind
 * placed nowhere is named without a link.
 */

/** The search parameter naming the record a list opens on arrival. */
export const openParam = 'open';

const sectionPath = (kind: string) => {
  const screen = placementOf(kind);
  return screen ? { screen, path: `/${screen.area}/${screen.path}` } : undefined;
};

/** A record's own page, for kinds that have one. */
export const recordPageOf = (kind: string, id: string) => {
  const section = sectionPath(kind);
  return section?.screen.records === 'page' ? `${section.path}/${id}` : undefined;
};

/** Where a record opens: its page, or its list with it open, or the screen it is seen in; undefined for kinds with none. */
export const recordPathOf = (kind: string, id: string) => {
  const section = sectionPath(kind);
  if (!section) return undefined;
  if (section.screen.records === 'page') return `${section.path}/${id}`;
  if (section.screen.records === 'dialog') return `${section.path}?${openParam}=${encodeURIComponent(id)}`;
  // A kind with a menu of its own but no record view (the audit log) is named without a link.
  return section.screen.menu ? undefined : section.path;
};
