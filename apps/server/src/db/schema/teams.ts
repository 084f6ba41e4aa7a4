import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';
import { users } from './users';

export const teams = pgTable('teams', { ...baseColumns(), name: text().notNull() }, (t) => [
  index('teams_organisation').on(t.organisationId),
  // The target of tenant references: keyed by organisation, so a row only points within its own.
  uniqueIndex('teams_organisation_id').on(t.organisationId, t.id),
]);

/** Whom a TEAM-scoped permission lets a user see: the records of the teams they belong to. */
export const teamMembers = pgTable(
  'team_members',
  { ...baseColumns(), teamId: text().notNull(), userId: text().notNull(), memberType: text() },
  (t) => [
    index('team_members_user').on(t.userId),
    index('team_members_team').on(t.teamId),
    // A user is in a team once: the engine's check answers 409 first, this keeps two racing adds out.
    uniqueIndex('team_members_live_member').on(t.organisationId, t.teamId, t.userId).where(sql`${t.isDeleted} = false`),
    // References between tenant tables carry the organisation: a membership cannot cross organisations,
    // and a database distributed by organisation (Citus) keeps both rows on one node.
    foreignKey({ name: 'team_members_team_fk', columns: [t.organisationId, t.teamId], foreignColumns: [teams.organisationId, teams.id] }),
    foreignKey({ name: 'team_members_user_fk', columns: [t.organisationId, t.userId], foreignColumns: [users.organisationId, users.id] }),
  ],
);
