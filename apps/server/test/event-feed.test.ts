import { event, eventCalendarFeed, eventCalendarFeedRegenerate } from '@app/contract/resources/crm/event';
import { task } from '@app/contract/resources/crm/task';
import { crmRole } from '@app/contract/resources/crm-access';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarFeeds } from '../src/db/schema/events';
import { sha256 } from '../src/services/tokens';
import { permissionId, aRole as roleOf } from './support/access';
import { parseIcs } from './support/ical';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

/** On the minute: iCalendar times have no milliseconds. */
const soon = (hours: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 + hours * 60 * 60 * 1000).toISOString();

const anEventStaffMember = async () => {
  const events = await permissionId(t.app, w.root, { feature: 'Event', level: 'WRITE', scope: 'OWN' });
  const tasks = await permissionId(t.app, w.root, { feature: 'Task', level: 'READ', scope: 'OWN' });
  const roleId = await roleOf(t.app, w.orgA.adminToken, [events, tasks]);
  return { ...(await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [roleId] })), roleId, permissions: { events, tasks } };
};

/** The feed a link serves, fetched as a calendar app would (no sign-in). */
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('calendar feed', () => {
  it('serves a staff member their events (owned or attended) and their tasks’ due dates, and no one else’s', async () => {
    const sam = await anEventStaffMember();
    const attended = await call(
      t.app,
      event.calls.create!,
      { title: unique('Panel '), startTime: soon(24), endTime: soon(25), userIds: [sam.id], scheduleGoogleMeetCall: true },
      w.orgA.adminToken,
    );
    const owned = await call(t.app, event.calls.create!, { title: unique('Own call '), startTime: soon(48), endTime: soon(49) }, sam.token);
    const others = await call(
      t.app,
      event.calls.create!,
      { title: unique('Not Sam’s '), startTime: soon(24), endTime: soon(25) },
      w.orgA.adminToken,
    );
    const removed = await call(
      t.app,
      event.calls.create!,
      { title: unique('Dropped '), startTime: soon(24), endTime: soon(25), userIds: [sam.id] },
      w.orgA.adminToken,
    );
    await call(t.app, event.calls.remove!, { _id: removed.body.data._id }, w.orgA.adminToken);
    const due = soon(72);
    const theirTask = await call(
      t.app,
      task.calls.create!,
      { title: unique('Chase refs '), dueDate: due, assigneeIds: [sam.id] },
      w.orgA.adminToken,
    );
    const otherTask = await call(t.app, task.calls.create!, { title: unique('Other '), dueDate: due }, w.orgA.adminToken);
    for (const made of [attended, owned, others, removed, theirTask, otherTask]) expect(made.status, made.body.message).toBe(200);

    const feed = await call(t.app, eventCalendarFeed, {}, sam.token);
    expect(feed.status, feed.body.message).toBe(200);
    const url = feed.body.data.url as string;
    expect(url).toMatch(/\/api\/event\/feed\/[\w-]{40,}\.ics$/);

    const served = await fetchFeed(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = parseIcs(served.body);
    expect(ics.method).toBe('PUBLISH');
    const bySummary = new Map(ics.events.map((e) => [e.summary, e]));
    expect([...bySummary.keys()].sort()).toEqual(
      [attended.body.data.title, owned.body.data.title, `Task due: ${theirTask.body.data.title}`].sort(),
    );
    const panel = bySummary.get(attended.body.data.title);
    expect(panel?.uid).toMatch(new RegExp(`^event-${attended.body.data._id}@`));
    expect(panel?.start.toISOString()).toBe(attended.body.data.startTime);
    expect(panel?.end.toISOString()).toBe(attended.body.data.endTime);
    expect(panel?.description).toContain(attended.body.data.meetingLink);
    expect(panel?.attendees.map((a) => a.email)).toEqual([sam.email]);
    expect(bySummary.get(`Task due: ${theirTask.body.data.title}`)?.start.toISOString()).toBe(due);

    // The secret is kept only as its hash.
    const secret = new URL(url).pathname.replace(/^.*\/|\.ics$/g, '');
    const [row] = await t.app.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, sam.id));
    expect(row?.secretHash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('shows the link once, and a new link revokes the old one; a wrong link is a 404', async () => {
    const sam = await anEventStaffMember();
    const first = await call(t.app, eventCalendarFeed, {}, sam.token);
    expect(first.body.data.url).toEqual(expect.any(String));
    const again = await call(t.app, eventCalendarFeed, {}, sam.token);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ url: null, createdAt: first.body.data.createdAt });

    const renewed = await call(t.app, eventCalendarFeedRegenerate, {}, sam.token);
    expect(renewed.status, renewed.body.message).toBe(200);
    expect(renewed.body.data.url).not.toBe(first.body.data.url);
    expect((await fetchFeed(first.body.data.url)).statusCode).toBe(404);
    expect((await fetchFeed(renewed.body.data.url)).statusCode).toBe(200);

    const wrong = `${renewed.body.data.url.replace(/[\w-]{10}\.ics$/, '')}abcdefghij.ics`;
    expect((await fetchFeed(wrong)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/event/feed/short.ics' })).statusCode).toBe(404);
  });

  it('is for staff with the Event permission', async () => {
    expect((await call(t.app, eventCalendarFeed, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, eventCalendarFeedRegenerate, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, eventCalendarFeed, {}, w.staffA.token)).status).toBe(403);
    // Another organisation's admin gets their own feed, without our events.
    const ours = await call(
      t.app,
      event.calls.create!,
      { title: unique('Ours '), startTime: soon(5), endTime: soon(6) },
      w.orgA.adminToken,
    );
    const theirs = await call(t.app, eventCalendarFeedRegenerate, {}, w.orgB.adminToken);
    const served = parseIcs((await fetchFeed(theirs.body.data.url)).body);
    expect(served.events.map((e) => e.summary)).not.toContain(ours.body.data.title);
  });

  it('follows the staff member’s roles as they are now: tasks without the Task permission go, and nothing is served without Event', async () => {
    const sam = await anEventStaffMember();
    const meeting = await call(t.app, event.calls.create!, { title: unique('Stand-up '), startTime: soon(3), endTime: soon(4) }, sam.token);
    const chore = await call(
      t.app,
      task.calls.create!,
      { title: unique('Call back '), dueDate: soon(6), assigneeIds: [sam.id] },
      w.orgA.adminToken,
    );
    const { url } = (await call(t.app, eventCalendarFeed, {}, sam.token)).body.data;
    const summaries = async () => parseIcs((await fetchFeed(url)).body).events.map((e) => e.summary);
    expect((await summaries()).sort()).toEqual([meeting.body.data.title, `Task due: ${chore.body.data.title}`].sort());

    const withPermissions = (permissions: string[]) =>
      call(t.app, crmRole.calls.update!, { _id: sam.roleId, permissions }, w.orgA.adminToken);
    expect((await withPermissions([sam.permissions.events])).status).toBe(200);
    expect(await summaries()).toEqual([meeting.body.data.title]);

    expect((await withPermissions([])).status).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });
});
