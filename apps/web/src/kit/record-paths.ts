/**
 * Where a record of each kind opens, by definition name: its own page, or else its list with the
 * record's dialog open (`?open=<id>`, which the list reads). One table for every list, link and mail
 * that names a record; a kind missing here is named without a link.
 */
const pages: Record<string, (id: string) => string> = {
  Client: (id) => `/crm/clients/${id}`,
  Candidate: (id) => `/crm/candidates/${id}`,
  Role: (id) => `/crm/roles/${id}`,
};

const lists: Record<string, string> = {
  Task: '/crm/tasks',
  CrmNote: '/crm/notes',
  Lead: '/crm/leads',
  Contact: '/crm/contacts',
  'Call Log': '/crm/call-logs',
  Team: '/crm/teams',
  OrganisationStaff: '/crm/staff',
};

/** Kinds seen only within another's screen (a team's member on the teams page). */
const screens: Record<string, string> = { TeamMember: '/crm/teams' };

/** The search parameter naming the record a list opens on arrival. */
export const openParam = 'open';

/** A record's own page, for kinds that have one. */
export const recordPageOf = (kind: string, id: string) => pages[kind]?.(id);

/** Where a record opens: its page, or its list with it open, or the screen it is seen in; undefined for kinds with none. */
export const recordPathOf = (kind: string, id: string) => {
  const list = lists[kind];
  return recordPageOf(kind, id) ?? (list ? `${list}?${openParam}=${encodeURIComponent(id)}` : screens[kind]);
};
