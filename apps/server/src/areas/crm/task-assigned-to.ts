import type { task } from '@app/contract/resources/crm/task';
import { type SQL, sql } from 'drizzle-orm';
import { tasks } from '../../db/schema/tasks';
import { teamMembers } from '../../db/schema/teams';
import type { ResourceHooks } from '../../engine/resource-hooks';

/**
 * The tasks screen's "Mine" and "My team's": tasks assigned to the caller, or to anyone who shares a
 * team with them (the caller included), read from the caller's session, never from an id sent.
 */
export const assignedToWhere: ResourceHooks<typeof task>['listWhere'] = ({ caller, request }) => {
  const choice = request.filter.assignedTo;
  if (!choice || !caller) return [];
  if (choice === 'ME') return [sql`${tasks.assigneeIds} @> ${JSON.stringify([caller.id])}::jsonb`];
  const colleague: SQL = sql`exists (
    select 1 from ${teamMembers} mine join ${teamMembers} theirs
      on theirs.team_id = mine.team_id and theirs.organisation_id = mine.organisation_id and theirs.is_deleted = false
    where mine.user_id = ${caller.id} and mine.is_deleted = false and mine.organisation_id = ${tasks.organisationId}
      and ${tasks.assigneeIds} ? theirs.user_id
  )`;
  return [colleague];
};
