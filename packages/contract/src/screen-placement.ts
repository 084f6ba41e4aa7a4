import type { UserType } from './access';

/** The signed-in areas of the web app whose sections a definition can place itself in. */
export type ScreenArea = 'crm' | 'admin';

/**
 * The icons a menu line may carry, by name: the web draws each (a name it lacks fails its type check),
 * so a definition chooses one without the contract knowing how it is drawn.
 */
export const menuIcons = [
  'address-book',
  'briefcase',
  'building',
  'building-factory',
  'building-store',
  'bulb',
  'calendar-event',
  'calendar-user',
  'checklist',
  'history',
  'id',
  'inbox',
  'key',
  'language',
  'layout-board',
  'layout-grid',
  'list-check',
  'list-numbers',
  'mail-forward',
  'news',
  'notes',
  'phone-call',
  'shield-lock',
  'stars',
  'tags',
  'target-arrow',
  'template',
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
  /**
   * The section's path under the area ("leads" is /crm/leads, "cover-letters/sections" is
   * /admin/cover-letters/sections); a section another definition's screen shows when no `menu`.
   */
  path: string;
  /**
   * Where one record opens: its own page under the path (/crm/clients/<id>), or the list with the
   * record's dialog open (/crm/leads?open=<id>). Without it a record is named without a link, or,
   * for a definition with no menu of its own, opens the section it is seen in.
   */
  records?: 'page' | 'dialog';
  /**
   * The section's line in the area's menu, shown to whoever may list the resource (its list call's
   * user types and, for staff, the permission). Lines go by `order`, lowest first; a `group` heads
   * the lines that share it (the admin console's "Content").
   */
  menu?: {
    label: string;
    icon: MenuIcon;
    order: number;
    group?: string;
    /** The call whose permission shows the line when not its list (public lists: those who may add to them manage them). */
    shownBy?: 'create';
    /** Shown to these user types instead, where the area reaches the resource through workflows of its own (the admin's job seekers). */
    shownTo?: readonly UserType[];
  };
};

/** Where a definition is seen: one placement, or one per area that shows it (staff in the CRM and in the admin console). */
export type ScreenPlacements = ScreenPlacement | readonly ScreenPlacement[];
