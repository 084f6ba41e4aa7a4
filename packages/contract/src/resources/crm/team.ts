import { z } from 'zod';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, listResult } from '../../conventions/list';
import { defineResource } from '../../define-resource';

const teamName = 'Please enter team name';
const memberType = z.string().trim().max(100).optional().nullable();

// Teams belong to the staff directory: the seeded OrganisationStaff module has a Teams feature, and
// whoever may manage staff in a team is whoever may manage that feature (there is no Team module).
const teamsAccess = { module: 'OrganisationStaff', feature: 'Teams' } as const;

const teamEditable = z.object({ name: z.string({ error: teamName }).trim().min(1, teamName).max(200) });

/** One member as the team list shows it beside its team. */
export const teamListMember = z.object({
  _id: z.string(),
  userId: z.string(),
  memberType: z.string().nullable(),
  user: z.object({ _id: z.string(), label: z.string().nullable() }).nullable(),
});

/** A group of staff (crm.md §3 Team): TEAM-scoped permissions show a user the records of their teams. */
export const team = defineResource({
  name: 'Team',
  table: 'teams',
  tenancy: 'organisation',
  access: teamsAccess,
  labelField: 'name',
  fields: teamEditable,
  create: teamEditable.strict(),
  update: teamEditable.partial().extend({ _id: mongoId() }).strict(),
  search: ['name'],
  filters: { createdAt: filterDateRange },
  screen: { area: 'crm', path: 'teams', records: 'dialog', menu: { label: 'Teams', icon: 'users-group', order: 100 } },
  calls: {
    create: { method: 'POST', path: '/organisation/team/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/organisation/team/', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/organisation/team/delete', who: ['CRM_USER'] },
    // DECISIONS.md §1: each team comes with its members.
    list: {
      method: 'POST',
      path: '/organisation/team/list',
      who: ['CRM_USER'],
      output: (record) => listResult(record.extend({ members: z.array(teamListMember) })),
    },
  },
});

const memberEditable = z.object({ teamId: mongoId('teamId'), userId: mongoId('userId'), memberType });

/** A staff member's place in a team (crm.md §3 Team member); a user is in a team once. */
export const teamMember = defineResource({
  name: 'TeamMember',
  table: 'team_members',
  tenancy: 'organisation',
  access: teamsAccess,
  references: {
    teamId: { resource: 'Team', expandAs: 'team' },
    userId: { resource: 'OrganisationStaff', expandAs: 'user' },
  },
  fields: memberEditable.extend({ memberType: z.string().nullable() }),
  create: memberEditable.strict(),
  update: memberEditable.partial().extend({ _id: mongoId() }).strict(),
  search: ['memberType'],
  filters: { teamId: filterId('teamId'), userId: filterId('userId'), createdAt: filterDateRange },
  unique: [{ fields: ['teamId', 'userId'], message: 'This user is already a member of this team' }],
  screen: { area: 'crm', path: 'teams' },
  calls: {
    create: { method: 'POST', path: '/organisation/team-member/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/organisation/team-member/', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/organisation/team-member/delete', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/organisation/team-member/list', who: ['CRM_USER'] },
  },
});
