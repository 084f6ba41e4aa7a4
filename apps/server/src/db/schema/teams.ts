import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

export const teams = pgTable('teams', { ...baseColumns(), name: text().notNull() }, (t) => [
  index('teams_organisation').on(t.organisationId),
]);

/** Whom a TEAM-scoped permission lets a user see: the records of the teams they belong to. */
export const teamMembers = pgTable(
  'team_members',
  { ...baseColumns(), teamId: text().notNull(), userId: text().notNull(), memberType: text() },
  (t) => [index('team_members_user').on(t.userId), index('team_members_team').on(t.teamId)],
);
