import { team, teamMember } from '@app/contract/resources/crm/team';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/teams';
import type { Scope } from '../../engine/context';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import type { Services } from '../../services/services';

export const teamRepository = resourceRepository(team, teams);
export const teamMemberRepository = resourceRepository(teamMember, teamMembers);

type Member = { _id: string; userId: string; memberType: string | null; user: { _id: string; label: string | null } | null };

/** The live members of the given teams, in the caller's organisation, with each user's name. */
const membersOf = async (db: Executor, scope: Scope, teamIds: string[]) => {
  const byTeam = new Map<string, Member[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const page = await teamMemberRepository.list(db, scope, { page: 1, limit: 'ALL', search: '', filter: {} }, [
    inArray(teamMembers.teamId, teamIds),
  ]);
  for (const row of page.results as unknown as (Member & { teamId: string })[]) {
    byTeam.get(row.teamId)?.push({ _id: row._id, userId: row.userId, memberType: row.memberType ?? null, user: row.user ?? null });
  }
  return byTeam;
};

/** Teams and their members: who is in which team decides TEAM-scoped access in every process. */
export const registerTeams = (app: FastifyInstance) => {
  const afterCommit = ({ services }: { services: Services }) => services.invalidation.publish('access');
  registerResource(app, teamRepository, {
    hooks: {
      afterCommit,
      // A deleted team no longer widens anyone's scope: its memberships go with it (each delete logged).
      afterWrite: async (hook) => {
        const { db, operation, before } = hook;
        if (operation !== 'remove' || !before) return;
        const teamScope = { organisationId: before.organisationId as string };
        const members = await membersOf(db, teamScope, [before.id]);
        for (const member of members.get(before.id) ?? []) {
          await teamMemberRepository.remove(db, { ...hook, scope: teamScope, id: member._id });
        }
      },
      // Each team is answered with its members (DECISIONS.md §1): one query for the page.
      afterRead: async ({ db, scope, operation, records }) => {
        if (operation !== 'list') return records;
        const members = await membersOf(
          db,
          scope,
          records.map((row) => row._id),
        );
        return records.map((row) => ({ ...row, members: members.get(row._id) ?? [] }));
      },
    },
  });
  registerResource(app, teamMemberRepository, { hooks: { afterCommit } });
};
