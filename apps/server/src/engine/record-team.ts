import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { teamMembers, teams } from '../db/schema/teams';
import type { Caller } from './context';
import { notFound } from './errors';

/**
 * The team a new record of the organisation is filed under, so that TEAM-scoped permissions have
 * something to match: the team the caller asked for, which must be one they belong to (else 404, as
 * for any id they may not touch), or else the first team they joined; null for someone in no team.
 */
export const teamOfNewRecord = async (
  db: Executor,
  input: { caller: Caller; organisationId: string; requested?: unknown },
): Promise<string | null> => {
  const memberships = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), eq(teams.organisationId, teamMembers.organisationId)))
    .where(
      and(
        eq(teamMembers.userId, input.caller.id),
        eq(teamMembers.organisationId, input.organisationId),
        eq(teamMembers.isDeleted, false),
        eq(teams.isDeleted, false),
      ),
    )
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
  const ids = memberships.map((m) => m.teamId);
  if (typeof input.requested === 'string') {
    if (!ids.includes(input.requested)) throw notFound('Team');
    return input.requested;
  }
  return ids[0] ?? null;
};
