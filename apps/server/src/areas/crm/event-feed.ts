import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import { eventCalendarFeed, eventCalendarFeedRegenerate } from '@app/contract/resources/crm/event';
import { and, asc, eq, gt, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { calendarFeeds, events } from '../../db/schema/events';
import { crmJobs } from '../../db/schema/hiring';
import { interviews } from '../../db/schema/interviews';
import { organisations } from '../../db/schema/organisations';
import { tasks } from '../../db/schema/tasks';
import { users } from '../../db/schema/users';
import { grantScope, loadProfile } from '../../engine/access';
import type { Caller } from '../../engine/context';
import { notFound } from '../../engine/errors';
import { newId } from '../../engine/ids';
import { registerCall } from '../../engine/register-call';
import { randomToken, sha256 } from '../../services/tokens';
import { staffRepository } from '../staff/repository';
import { type CalendarEvent, feedIcs, interviewUid } from './event-calendar';
import { staffPeople } from './event-people';

/** How far back a feed reaches; calendar apps keep what they already fetched. */
const feedPastMs = 180 * 24 * 60 * 60 * 1000;
const feedMaxRows = 2000;

const feedUrl = (appUrl: string, secret: string) => `${appUrl}/api/event/feed/${secret}.ics`;

/** A new secret for the caller's feed: only its hash is stored, replacing (so revoking) the one before. */
const makeFeed = async (db: Executor, caller: Caller, appUrl: string) => {
  const secret = randomToken(32);
  const now = new Date();
  const [feed] = await db
    .insert(calendarFeeds)
    .values({ id: newId(), organisationId: caller.organisationId as string, userId: caller.id, secretHash: sha256(secret), createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secretHash: sha256(secret), createdAt: now, updatedAt: now } })
    .returning();
  return { url: feedUrl(appUrl, secret), createdAt: (feed?.createdAt ?? now).toISOString() };
};

/** The calendar a feed serves: its owner's events (owned or attended), their interviews and their tasks' due times. */
const feedCalendar = async (
  db: Executor,
  input: {
    organisationId: string;
    userId: string;
    appUrl: string;
    name: string;
    shows: { events: boolean; tasks: boolean; interviews: boolean };
  },
) => {
  const { organisationId, userId, shows } = input;
  const since = new Date(Date.now() - feedPastMs);
  const theirs = (owner: PgColumn, list: PgColumn) => or(eq(owner, userId), sql`${list} @> ${JSON.stringify([userId])}::jsonb`);
  const eventRows = !shows.events
    ? []
    : await db
        .select()
        .from(events)
        .where(
          and(
            eq(events.organisationId, organisationId),
            eq(events.isDeleted, false),
            gt(events.endTime, since),
            theirs(events.ownerId, events.userIds),
          ),
        )
        .orderBy(asc(events.startTime))
        .limit(feedMaxRows);
  const taskRows = !shows.tasks
    ? []
    : await db
        .select({ id: tasks.id, title: tasks.title, description: tasks.description, dueDate: tasks.dueDate })
        .from(tasks)
        .where(
          and(
            eq(tasks.organisationId, organisationId),
            eq(tasks.isDeleted, false),
            isNotNull(tasks.dueDate),
            gt(tasks.dueDate, since),
            ne(tasks.status, 'CANCELLED'),
            theirs(tasks.ownerId, tasks.assigneeIds),
          ),
        )
        .orderBy(asc(tasks.dueDate))
        .limit(feedMaxRows);
  // The interviews they host or sit on, unless cancelled (a cancelled one leaves the feed, so the calendar drops it).
  const interviewRows = !shows.interviews
    ? []
    : await db
        .select({
          id: interviews.id,
          interviewType: interviews.interviewType,
          startTime: interviews.startTime,
          endTime: interviews.endTime,
          meetingInfo: interviews.meetingInfo,
          sequence: interviews.sequence,
          hostUserId: interviews.hostUserId,
          interviewerIds: interviews.interviewerIds,
          jobApplicationId: interviews.jobApplicationId,
          candidateName: candidates.name,
          jobTitle: crmJobs.title,
        })
        .from(interviews)
        .innerJoin(candidates, eq(candidates.id, interviews.candidateId))
        .innerJoin(crmJobs, eq(crmJobs.id, interviews.jobId))
        .where(
          and(
            eq(interviews.organisationId, organisationId),
            eq(interviews.isDeleted, false),
            ne(interviews.status, 'CANCELLED'),
            gt(interviews.endTime, since),
            theirs(interviews.hostUserId, interviews.interviewerIds),
          ),
        )
        .orderBy(asc(interviews.startTime))
        .limit(feedMaxRows);
  const staffIds = [
    ...new Set([
      ...eventRows.flatMap((row) => [...row.userIds, ...(row.ownerId ? [row.ownerId] : [])]),
      ...interviewRows.flatMap((row) => [...row.interviewerIds, ...(row.hostUserId ? [row.hostUserId] : [])]),
    ]),
  ];
  const staff = await staffPeople(db, organisationId, staffIds);
  return feedIcs({
    name: input.name,
    appUrl: input.appUrl,
    events: [
      ...eventRows.map((row) => {
        const owner = row.ownerId ? staff.get(row.ownerId) : undefined;
        return {
          ...row,
          organizer: owner ? { name: owner.name || owner.email, email: owner.email } : null,
          attendees: [...row.userIds.flatMap((id) => staff.get(id) ?? []), ...row.attendeesMails.map((email) => ({ email }))],
        };
      }),
      ...interviewRows.map((row): CalendarEvent => {
        const host = row.hostUserId ? staff.get(row.hostUserId) : undefined;
        const link = row.meetingInfo && /^https?:\/\/\S+$/.test(row.meetingInfo.trim()) ? row.meetingInfo.trim() : null;
        return {
          id: row.id,
          uid: interviewUid(row.id, input.appUrl),
          title: `${row.interviewType} interview: ${fullNameOf(row.candidateName as PersonName) || 'candidate'} for ${row.jobTitle}`,
          description: [link ? '' : row.meetingInfo, `${input.appUrl}/crm/applications/${row.jobApplicationId}`]
            .filter(Boolean)
            .join('\n\n'),
          startTime: row.startTime,
          endTime: row.endTime,
          meetingLink: link,
          sequence: row.sequence,
          organizer: host ? { name: host.name || host.email, email: host.email } : null,
          attendees: row.interviewerIds.flatMap((id) => staff.get(id) ?? []),
        };
      }),
    ],
    tasks: taskRows.map((row) => ({ ...row, dueDate: row.dueDate as Date })),
  });
};

/**
 * `POST /event/calendar-feed` and `/event/calendar-feed/regenerate`, and the public
 * `GET /api/event/feed/<secret>.ics` they link to. The secret is the permission, as with signed
 * file links: a wrong or replaced one, one whose staff member has left or been deactivated, or one of
 * an inactive organisation, is a 404. It follows the staff member's roles as they are at each fetch:
 * a 404 once they may not read events, and their tasks only while they may read tasks.
 */
export const registerEventFeed = (app: FastifyInstance) => {
  registerCall(app, eventCalendarFeed, async ({ db, caller }) => {
    const me = caller as Caller;
    const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, me.id));
    if (feed) return { url: null, createdAt: feed.createdAt.toISOString() };
    return makeFeed(db, me, app.services.config.appUrl);
  });

  registerCall(app, eventCalendarFeedRegenerate, async ({ db, caller }) => makeFeed(db, caller as Caller, app.services.config.appUrl));

  app.get('/api/event/feed/:secret.ics', { schema: { hide: true } }, async (req, reply) => {
    const { secret } = req.params as { secret: string };
    const db = app.database.db;
    if (!/^[\w-]{20,100}$/.test(secret)) throw notFound('Calendar feed');
    const [feed] = await db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.secretHash, sha256(secret)));
    if (!feed) throw notFound('Calendar feed');
    // The staff member must still be one of the organisation's, active.
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email, roleIds: users.roleIds })
      .from(users)
      .where(
        and(eq(users.id, feed.userId), eq(users.status, 'ACTIVE'), ...staffRepository.scopeWhere({ organisationId: feed.organisationId })),
      );
    if (!user) throw notFound('Calendar feed');
    // An inactive organisation's feeds stop with its sign-ins.
    const [organisation] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.id, feed.organisationId), eq(organisations.status, 'ACTIVE'), eq(organisations.isDeleted, false)));
    if (!organisation) throw notFound('Calendar feed');
    const holder = { id: user.id, userType: 'CRM_USER', roleIds: user.roleIds } as Caller;
    const profile = await loadProfile(db, holder);
    const mayRead = (module: 'Event' | 'Task' | 'Interview') =>
      grantScope(profile, { caller: holder, access: { module }, level: 'READ' }) !== null;
    const shows = { events: mayRead('Event'), tasks: mayRead('Task'), interviews: mayRead('Interview') };
    // The feed is the Event permission's: without it nothing is served, tasks or not.
    if (!shows.events) throw notFound('Calendar feed');
    const body = await feedCalendar(db, {
      shows,
      organisationId: feed.organisationId,
      userId: feed.userId,
      appUrl: app.services.config.appUrl,
      name: `CRM calendar of ${user.name?.fullName || user.email}`,
    });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="calendar.ics"')
      .header('cache-control', 'private, no-store')
      .send(body);
  });
};
