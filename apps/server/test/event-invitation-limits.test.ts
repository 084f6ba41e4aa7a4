import { forgotPassword, sendOtp } from '@app/contract/resources/auth';
import { contact } from '@app/contract/resources/crm/contact';
import { event } from '@app/contract/resources/crm/event';
import {
  maxOutsideAttendeesPerEvent,
  maxOutsideInvitationsPerHour,
  sentMail,
  tooManyOutsideAttendees,
  tooManyOutsideInvitations,
} from '@app/contract/resources/crm/sent-mail';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueue, mailOutbox } from '../src/db/schema/services';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { call, startTestApp, type TestApp } from './support/test-app';
import { aStaffMember, aWorld, unique, type World } from './support/world';

let t: TestApp;
let w: World;
/** The app's log lines: without SMTP_URL the queue logs each mail (recipient and subject) as it takes it, in order. */
const lines: string[] = [];
const subjectsSent = () =>
  lines
    .map((line) => JSON.parse(line) as { msg?: string; mail?: { subject: string } })
    .filter((entry) => entry.msg === 'mail kept in the outbox (no SMTP_URL)')
    .map((entry) => entry.mail?.subject ?? '');
beforeAll(async () => {
  t = await startTestApp({ logStream: { write: (line: string) => void lines.push(line.trimEnd()) } });
  w = await aWorld(t.app);
});
afterAll(() => t.close());

const hour = 60 * 60 * 1000;
const at = (hoursFromNow: number) => new Date(Date.UTC(2027, 0, 15, 9) + hoursFromNow * hour).toISOString();

/** `count` addresses no one in any organisation has. */
const outsiders = (count: number) => {
  const tag = unique('o');
  return Array.from({ length: count }, (_, i) => `${tag}-${i}@outside.example`);
};

/** A staff member who may write events (and nothing else), each with their own hour of invitations. */
const eventWriter = async () => {
  const permission = await permissionId(t.app, w.root, { feature: 'Event', level: 'FULL' });
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [permission])] });
};

const createEvent = (token: string, input: Record<string, unknown>) =>
  call(t.app, event.calls.create!, { title: unique('Meeting '), startTime: at(0), endTime: at(1), ...input }, token);

const eventsTitled = async (title: string) => {
  const { body } = await call(t.app, event.calls.list!, { search: title, limit: 100 }, w.orgA.adminToken);
  return body.data.results as { _id: string; title: string }[];
};

/** Every mail queued to these addresses, once the queue has sent what is due. */
const mailTo = async (addresses: string[]) => {
  await t.app.services.queue.drain();
  return t.app.database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, addresses));
};

describe('event invitations are no mail relay', () => {
  it('the review’s abuse, ten event writes with 100 outside addresses each, is refused: nothing written, no one mailed', async () => {
    const writer = await eventWriter();
    const title = unique('Relay ');
    const everyone: string[] = [];
    for (let i = 0; i < 10; i++) {
      const addresses = outsiders(100);
      everyone.push(...addresses);
      // The request that sent 100 invitations each time before.
      const { status, body } = await createEvent(writer.token, { title: `${title} ${i}`, attendeesMails: addresses });
      expect(status).toBe(400);
      expect(body.message).toBe(tooManyOutsideAttendees);
      expect(body.data.errors).toEqual([{ field: 'attendeesMails', message: tooManyOutsideAttendees }]);
    }
    expect(tooManyOutsideAttendees).toContain(`at most ${maxOutsideAttendeesPerEvent} attendees`);
    expect(await eventsTitled(title)).toEqual([]);
    expect(await mailTo(everyone)).toEqual([]);
  });

  it('one event takes 50 outside attendees, not 51; staff, contacts and candidates do not count, another organisation’s staff do', async () => {
    const writer = await eventWriter();
    const person = await call(
      t.app,
      contact.calls.create!,
      { profile: { name: { first: 'Ada', last: unique('Lovelace ') }, email: `${unique('ada')}@acme.example` } },
      w.orgA.adminToken,
    );
    expect(person.status).toBe(200);
    const known = await aCandidate(t.app, w.orgA.adminToken);
    const inside = [w.staffA.email, person.body.data.profile.email as string, known.email.toUpperCase()];
    const fifty = outsiders(maxOutsideAttendeesPerEvent);
    const created = await createEvent(writer.token, { attendeesMails: [...inside, ...fifty] });
    expect(created.status, created.body.message).toBe(200);

    const fiftyOne = await createEvent(writer.token, { attendeesMails: [...inside, ...outsiders(50), w.orgB.adminEmail] });
    expect(fiftyOne.status).toBe(400);
    expect(fiftyOne.body.data.errors).toEqual([{ field: 'attendeesMails', message: tooManyOutsideAttendees }]);

    // An update naming the 51st is refused whole: the event keeps its attendees and title, and no one is mailed.
    const extra = outsiders(1);
    const update = await call(
      t.app,
      event.calls.update!,
      { _id: created.body.data._id, title: 'Renamed', attendeesMails: [...inside, ...fifty, ...extra] },
      writer.token,
    );
    expect(update.status).toBe(400);
    expect(update.body.message).toBe(tooManyOutsideAttendees);
    const [still] = (await eventsTitled(created.body.data.title)) as { title: string; attendeesMails?: string[] }[];
    expect(still?.title).toBe(created.body.data.title);
    expect(await mailTo(extra)).toEqual([]);
    const sent = await mailTo([...inside, ...fifty].map((a) => a.toLowerCase()));
    expect(sent).toHaveLength(inside.length + fifty.length);
    expect(sent.filter((mail) => mail.outside)).toHaveLength(fifty.length);
  });

  it(`a staff member invites at most ${maxOutsideInvitationsPerHour} outside addresses an hour over all events; updates count only new ones`, async () => {
    const writer = await eventWriter();
    const events: { _id: string; title: string }[] = [];
    const invited: string[][] = [];
    for (let i = 0; i < maxOutsideInvitationsPerHour / maxOutsideAttendeesPerEvent; i++) {
      const addresses = outsiders(maxOutsideAttendeesPerEvent);
      const { status, body } = await createEvent(writer.token, { attendeesMails: addresses });
      expect(status, body.message).toBe(200);
      events.push(body.data);
      invited.push(addresses);
    }
    const late = outsiders(1);
    const title = unique('One too many ');
    const over = await createEvent(writer.token, { title, attendeesMails: late });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(tooManyOutsideInvitations);
    expect(tooManyOutsideInvitations).toContain(`at most ${maxOutsideInvitationsPerHour} people`);
    expect(await eventsTitled(title)).toEqual([]);
    expect(await mailTo(late)).toEqual([]);

    // Moving an event sends its update to the 50 already invited: no new invitation, so it goes through.
    const first = events[0] as { _id: string; title: string };
    const moved = await call(t.app, event.calls.update!, { _id: first._id, startTime: at(2), endTime: at(3) }, writer.token);
    expect(moved.status, moved.body.message).toBe(200);
    const updates = (await mailTo(invited[0] as string[])).filter((mail) => mail.kind === 'EVENT_UPDATE');
    expect(updates).toHaveLength(maxOutsideAttendeesPerEvent);
    // Swapping one outside address for another is a new invitation: refused, and the event is left as it was.
    const adding = await call(
      t.app,
      event.calls.update!,
      { _id: first._id, title: 'Renamed', attendeesMails: [...(invited[0] as string[]).slice(1), ...late] },
      writer.token,
    );
    expect(adding.status).toBe(429);
    expect((await eventsTitled(first.title)).map((e) => e.title)).toEqual([first.title]);
    expect(await mailTo(late)).toEqual([]);
    // Staff, contacts and candidates are still invited: they are no relay.
    const colleagues = await createEvent(writer.token, { attendeesMails: [w.staffA.email] });
    expect(colleagues.status, colleagues.body.message).toBe(200);

    // The limit is the staff member's: a colleague invites as before.
    const colleague = await eventWriter();
    const theirs = await createEvent(colleague.token, { attendeesMails: outsiders(maxOutsideAttendeesPerEvent) });
    expect(theirs.status, theirs.body.message).toBe(200);
  });
});

describe('the organisation admin sees what was sent', () => {
  let writer: Awaited<ReturnType<typeof eventWriter>>;
  let created: { _id: string; title: string; itemId: { combined: string } };
  let addresses: string[];
  beforeAll(async () => {
    writer = await eventWriter();
    addresses = outsiders(3);
    const answer = await createEvent(writer.token, { attendeesMails: [...addresses, w.staffA.email] });
    expect(answer.status, answer.body.message).toBe(200);
    created = answer.body.data;
    await t.app.services.queue.drain();
  });

  it('the admin lists the invitations: to whom, what, when, by whom, about which event; never the body', async () => {
    const { status, body } = await call(t.app, sentMail.calls.list!, { filter: { relatedTo: created._id }, limit: 100 }, w.orgA.adminToken);
    expect(status, body.message).toBe(200);
    const rows = body.data.results as Record<string, unknown>[];
    expect(rows.map((row) => row.to).sort()).toEqual([...addresses, w.staffA.email].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        subject: expect.stringContaining(`Invitation: ${created.title}`),
        kind: 'EVENT_INVITATION',
        priority: 'BULK',
        status: 'LOGGED',
        ownerId: writer.id,
        createdBy: { _id: writer.id, name: expect.any(String) },
        relatedTo: [{ _id: created._id, entityType: 'Event', itemId: created.itemId }],
        createdAt: expect.any(String),
      });
      expect(row.outside).toBe(addresses.includes(row.to as string));
      for (const secret of ['text', 'html', 'attachments', 'alternatives', 'error']) expect(row).not.toHaveProperty(secret);
    }
    const outside = await call(t.app, sentMail.calls.list!, { filter: { outside: true, ownerId: writer.id } }, w.orgA.adminToken);
    expect(outside.body.data.totalResults).toBe(addresses.length);
  });

  it('an update’s copies and a cancellation are listed too, each to an outside address marked so', async () => {
    const [dropped, ...kept] = addresses as [string, ...string[]];
    const update = await call(t.app, event.calls.update!, { _id: created._id, attendeesMails: [...kept, w.staffA.email] }, writer.token);
    expect(update.status, update.body.message).toBe(200);
    await t.app.services.queue.drain();
    const { body } = await call(t.app, sentMail.calls.list!, { filter: { relatedTo: created._id }, limit: 100 }, w.orgA.adminToken);
    const rows = body.data.results as { to: string; kind: string; outside: boolean; subject: string }[];
    expect(rows.filter((row) => row.kind === 'EVENT_CANCELLATION')).toEqual([
      expect.objectContaining({ to: dropped, outside: true, subject: expect.stringContaining('Cancelled:') }),
    ]);
    expect(
      rows
        .filter((row) => row.kind === 'EVENT_UPDATE')
        .map((row) => [row.to, row.outside])
        .sort(),
    ).toEqual([...kept.map((to) => [to, true]), [w.staffA.email, false]].sort());
  });

  it('is the admin’s: staff who write events or read the audit log get a 403; a role given “Sent mail” sees its own', async () => {
    expect((await call(t.app, sentMail.calls.list!, {}, writer.token)).status).toBe(403);
    const auditPermission = await permissionId(t.app, w.root, { feature: 'EntityLog', level: 'FULL' });
    const auditor = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [auditPermission])] });
    const refused = await call(t.app, sentMail.calls.list!, {}, auditor.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have READ access to Sent mail');
    expect((await call(t.app, sentMail.calls.list!, {}, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, sentMail.calls.list!, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, sentMail.calls.list!, {})).status).toBe(401);

    const own = await permissionId(t.app, w.root, { feature: 'Sent mail', level: 'READ', scope: 'OWN' });
    const events = await permissionId(t.app, w.root, { feature: 'Event', level: 'FULL' });
    const sender = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [own, events])] });
    const mine = outsiders(1);
    expect((await createEvent(sender.token, { attendeesMails: mine })).status).toBe(200);
    const seen = await call(t.app, sentMail.calls.list!, { limit: 100 }, sender.token);
    expect(seen.status, seen.body.message).toBe(200);
    expect(seen.body.data.results.map((row: { to: string }) => row.to)).toEqual(mine);
  });

  it('never shows another organisation’s mail, nor anyone’s own account mail', async () => {
    const other = await call(t.app, sentMail.calls.list!, { filter: { relatedTo: created._id } }, w.orgB.adminToken);
    expect(other.status).toBe(200);
    expect(other.body.data.totalResults).toBe(0);
    const search = await call(t.app, sentMail.calls.list!, { search: addresses[0] }, w.orgB.adminToken);
    expect(search.body.data.totalResults).toBe(0);
    // A reset link mailed to a member of the organisation is theirs, not the organisation's.
    expect((await call(t.app, forgotPassword, { email: w.staffA.email })).status).toBe(200);
    await t.app.services.queue.drain();
    const resets = await call(t.app, sentMail.calls.list!, { search: 'Reset your password' }, w.orgA.adminToken);
    expect(resets.body.data.totalResults).toBe(0);
  });
});

describe('the mail queue has priorities', () => {
  it('a reset and a code queued behind 300 invitations go out first', async () => {
    // Held while the invitations are queued, as a busy worker would be; then one worker sends in order.
    await t.app.services.queue.drain();
    await t.app.services.queue.stop();
    try {
      const senders = [await eventWriter(), await eventWriter()];
      for (const sender of senders) {
        for (let i = 0; i < 3; i++) {
          const { status, body } = await createEvent(sender.token, { attendeesMails: outsiders(50) });
          expect(status, body.message).toBe(200);
        }
      }
      expect((await call(t.app, forgotPassword, { email: w.staffA.email })).status).toBe(200);
      const otp = await call(t.app, sendOtp, { purpose: 'update-email', newValue: `${unique('new')}@example.com` }, w.staffA.token);
      expect(otp.status, otp.body.message).toBe(200);
      const waiting = await t.app.database.db
        .select({ priority: jobQueue.priority })
        .from(jobQueue)
        .where(and(eq(jobQueue.kind, 'mail'), isNull(jobQueue.doneAt)));
      expect(waiting).toHaveLength(303);

      lines.length = 0;
      await t.app.services.queue.drain();
      const order = subjectsSent();
      expect(order.filter((subject) => subject.startsWith('Invitation:'))).toHaveLength(300);
      expect(order.slice(0, 3).sort()).toEqual([
        'Confirm your new email address',
        'Reset your password',
        'Your code to change your email address',
      ]);
    } finally {
      t.app.services.queue.start();
    }
  });

  it('every mail has a priority: codes, resets and credentials urgent, invitations, reminders and notes bulk', async () => {
    const rows = await t.app.database.db
      .select({ subject: mailOutbox.subject, priority: mailOutbox.priority })
      .from(mailOutbox)
      .where(inArray(mailOutbox.subject, ['Reset your password', 'Your code to change your email address']));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.priority))).toEqual(new Set(['URGENT']));
    const invitations = await t.app.database.db
      .selectDistinct({ priority: mailOutbox.priority })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'EVENT_INVITATION'));
    expect(invitations).toEqual([{ priority: 'BULK' }]);
  });
});
