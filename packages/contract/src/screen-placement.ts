/** The signed-in areas of the web app whose sections a definition can place itself in. */
export type ScreenArea = 'crm';

/**
 * The icons a menu line may carry, by name: the web draws each (a name it lacks fails its type check),
 * so a definition chooses one without the contract knowing how it is drawn.
 */
export const menuIcons = [
  'address-book',
  'building',
  'calendar-event',
  'checklist',
  'history',
  'mail-forward',
  'notes',
  'phone-call',
  'shield-lock',
  'stars',
  'target-arrow',
  'user-search',
  'users',
  'users-group',
] as const;
export type MenuIcon = (typeof menuIcons)[number];

/**
 * Where a resource is seen in the web app, so its route, menu line and record links follow from its
 * definition instead of being written into the router, the shell and the link table by hand.
 */
export type ScreenPlacement = {
  area: ScreenArea;
  /** The section's path under the area ("leads" is /crm/leads); a section another definition's screen shows when no `menu`. */
  path: string;
  /**
   * Where one record opens: its own page under the path (/crm/clients/<id>), or the list with the
   * record's dialog open (/crm/leads?open=<id>). Without it a record is named without a link, or,
   * for a definition with no menu of its own, opens the section it is seen in.
   */
  records?: 'page' | 'dialog';
  /**
   * The section's line in the area's menu, shown to whoever may list the resource (its list call's
   * user types and, for staff, the permission). Lines go by `order`, lowest first.
   */
  menu?: { label: string; icon: MenuIcon; order: number };
};
