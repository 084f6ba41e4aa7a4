import { interviewBusyTimes } from '@app/contract/resources/hiring/interview';
import { and, eq, gt, gte, inArray, isNotNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { events } from '../../db/schema/events';
import { interviews } from '../../db/schema/interviews';
import { tasks } from '../../db/schema/tasks';
import { notFound } from '../../engine/errors';
import { registerCall } from '../../engine/register-call';
import { staffPeople } from '../crm/event-people';

type Busy = { start: string; end: string; kind: 'EVENT' | 'TASK' | 'INTERVIEW' };

/** A task's due time holds half an hour, as the calendar feed draws it. */
const taskSlotMs = 30 * 60 * 1000;

/** Whose a row is: its owner's, or one of the people its list names. */
const anyOf = (ids: string[], owner: PgColumn, list: PgColumn): SQL =>
  or(inArray(owner, ids), ...ids.map((id) => sql`${list} @> ${JSON.stringify([id])}::jsonb`)) as SQL;

/** `/interview/busy-times`: for the scheduling dialog, when the chosen panel is taken. */
export const registerInterviewBusyTimes = (app: FastifyInstance) => {
  registerCall(app, interviewBusyTimes, async ({ db, scope, input }) => {
    const organisationId = scope.organisationId as string;
    const ids = [...new Set(input.userIds)];
    const staff = await staffPeople(db, organisationId, ids);
    // Someone who is not one of the organisation's staff is not found, as a reference would be.
    if (staff.size < ids.length) throw notFound('Staff member');
    const from = new Date(input.from);
    const to = new Date(input.to);
    const eventRows = await db
      .select({ start: events.startTime, end: events.endTime, ownerId: events.ownerId, people: events.userIds })
      .from(events)
      .where(
        and(
          eq(events.organisationId, organisationId),
          eq(events.isDeleted, false),
          lt(events.startTime, to),
          gt(events.endTime, from),
          anyOf(ids, events.ownerId, events.userIds),
        ),
      );
    const taskRows = await db
      .select({ due: tasks.dueDate, ownerId: tasks.ownerId, people: tasks.assigneeIds })
      .from(tasks)
      .where(
        and(
          eq(tasks.organisationId, organisationId),
          eq(tasks.isDeleted, false),
          isNotNull(tasks.dueDate),
          gte(tasks.dueDate, new Date(from.getTime() - taskSlotMs)),
          lt(tasks.dueDate, to),
          notInArray(tasks.status, ['DONE', 'CANCELLED']),
          anyOf(ids, tasks.ownerId, tasks.assigneeIds),
        ),
      );
    const interviewRows = await db
      .select({ start: interviews.startTime, end: interviews.endTime, ownerId: interviews.hostUserId, people: interviews.interviewerIds })
      .from(interviews)
      .where(
        and(
          eq(interviews.organisationId, organisationId),
          eq(interviews.isDeleted, false),
          ne(interviews.status, 'CANCELLED'),
          lt(interviews.startTime, to),
          gt(interviews.endTime, from),
          anyOf(ids, interviews.hostUserId, interviews.interviewerIds),
        ),
      );
    const slots: { holders: string[]; busy: Busy }[] = [
      ...eventRows.map((row) => ({
        holders: [row.ownerId ?? '', ...row.people],
        busy: { start: row.start.toISOString(), end: row.end.toISOString(), kind: 'EVENT' as const },
      })),
      ...taskRows.map((row) => {
        const due = row.due as Date;
        return {
          holders: [row.ownerId ?? '', ...row.people],
          busy: { start: due.toISOString(), end: new Date(due.getTime() + taskSlotMs).toISOString(), kind: 'TASK' as const },
        };
      }),
      ...interviewRows.map((row) => ({
        holders: [row.ownerId ?? '', ...row.people],
        busy: { start: row.start.toISOString(), end: row.end.toISOString(), kind: 'INTERVIEW' as const },
      })),
    ];
    return ids.map((userId) => ({
      userId,
      name: staff.get(userId)?.name || staff.get(userId)?.email || '',
      busy: slots
        .filter((slot) => slot.holders.includes(userId))
        .map((slot) => slot.busy)
        .sort((a, b) => a.start.localeCompare(b.start)),
    }));
  });
};
