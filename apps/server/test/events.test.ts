import { client } from '@app/contract/resources/crm/client';
import { event, unknownTimeZone } from '@app/contract/resources/crm/event';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { messageOf } from '../src/services/mail';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { parseIcs } from './support/ical';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type EventRecord = {
  _id: string;
  title: string;
  startTime: string;
  endTime: string;
  meetingLink: string | null;
  sequence: number;
  itemId: { combined: string };
  users: { _id: string; label: string }[];
};

const hour = 60 * 60 * 1000;
const at = (hoursFromNow: number) => new Date(Date.UTC(2027, 0, 15, 9) + hoursFromNow * hour).toISOString();

const anEvent = async (input: Record<string, unknown> = {}, token = w.orgA.adminToken) => {
  const { status, body } = await call(
    t.app,
    event.calls.create!,
    { title: unique('Intro call '), startTime: at(0), endTime: at(1), ...input },
    token,
  );
  expect(status, body.message).toBe(200);
  return body.data as EventRecord;
};

const ids = (body: { data: { results: { _id: string }[] } }) => body.data.results.map((r) => r._id).sort();

const staffWithEvents = async (level: 'READ' | 'WRITE' | 'FULL', scope: 'OWN' | 'ALL') => {
  const permission = await permissionId(t.app, w.root, { feature: 'Event', level, scope });
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [permission])] });
};

/** The .ics a mail carries, read by ical.js; the attachment and the inline alternative are the same. */
const icsOf = (mail: { attachments: { content: string; contentType: string }[] | null; alternatives: { content: string }[] | null }) => {
  const attachment = mail.attachments?.[0];
  expect(attachment?.content).toBe(mail.alternatives?.[0]?.content);
  return { ...parseIcs(attachment?.content as string), contentType: attachment?.contentType };
};

const mimeOf = (mail: Parameters<typeof messageOf>[0]) =>
  new Promise<string>((resolve, reject) =>
    new MailComposer(messageOf(mail) as never).compile().build((error, message) => (error ? reject(error) : resolve(message.toString()))),
  );

describe('events', () => {
  it('answer the spec’s messages, refuse an end before the start, and are numbered EVE-n', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ startTime: at(0), endTime: at(1) }, 'Please provide a title.'],
      [{ title: 'Call', endTime: at(1) }, 'Please provide start time.'],
      [{ title: 'Call', startTime: at(0) }, 'Please provide end time.'],
      [{ title: 'Call', startTime: 'tomorrow', endTime: at(1) }, 'Start time must be a date and time'],
      [{ title: 'Call', startTime: at(0), endTime: '2027-01-15' }, 'End time must be a date and time'],
      [{ title: 'Call', startTime: at(1), endTime: at(0) }, 'The end time must be after the start time.'],
      [{ title: 'Call', startTime: at(1), endTime: at(1) }, 'The end time must be after the start time.'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, event.calls.create!, body, w.orgA.adminToken);
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const created = await anEvent({ type: 'Interview', location: { city: 'Leeds', postCode: 'LS1 4AP' } });
    expect(created.itemId.combined).toMatch(/^EVE-\d+$/);
    expect(created.sequence).toBe(0);
    expect(created.meetingLink).toBeNull();
    // An update that moves only the start past the stored end is refused too.
    const moved = await call(t.app, event.calls.update!, { _id: created._id, startTime: at(2) }, w.orgA.adminToken);
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('The end time must be after the start time.');
  });

  it('mail every attendee an iCalendar invitation, its update and its cancellation', async () => {
    const ann = await aStaffMember(t.app, w.orgA.adminToken, { first: 'Ann' });
    const guest = `${unique('guest')}@candidate.example`;
    const leaver = `${unique('leaver')}@candidate.example`;
    const created = await anEvent({
      title: 'Interview with Jo',
      description: 'Second round.',
      userIds: [ann.id],
      attendeesMails: [guest, leaver.toUpperCase()],
      scheduleGoogleMeetCall: true,
      location: { street: '1 Park Row', city: 'Leeds' },
    });
    expect(created.meetingLink).toMatch(/^https:\/\/meet\.jit\.si\/crm-[0-9a-f]{32}$/);
    const listed = await call(t.app, event.calls.list!, { filter: { userIds: ann.id } }, w.orgA.adminToken);
    expect(listed.body.data.results[0].users).toEqual([{ _id: ann.id, label: 'Ann Staff' }]);

    const [invite] = await mailTo(t.app, ann.email);
    // No zone sent: the times are stated in UTC, and named so.
    expect(invite?.subject).toBe('Invitation: Interview with Jo @ Friday 15 January 2027 at 09:00 (UTC)');
    expect(invite?.text).toContain('When: Friday 15 January 2027 at 09:00 to 10:00 (UTC)');
    // The meeting link is a link in the HTML part, and the rest of it is escaped text.
    expect(invite?.html).toContain(`<a href="${created.meetingLink}">${created.meetingLink}</a>`);
    expect(invite?.text).toContain(created.meetingLink);
    const ics = icsOf(invite as never);
    expect(ics.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(ics.method).toBe('REQUEST');
    expect(ics.events).toHaveLength(1);
    const [first] = ics.events;
    expect(first?.uid).toMatch(new RegExp(`^event-${created._id}@`));
    expect(first?.sequence).toBe(0);
    expect(first?.stamp).toBeInstanceOf(Date);
    expect(first?.start.toISOString()).toBe(at(0));
    expect(first?.end.toISOString()).toBe(at(1));
    expect(first?.summary).toBe('Interview with Jo');
    expect(first?.description).toContain('Second round.');
    expect(first?.description).toContain(created.meetingLink);
    expect(first?.location).toBe('1 Park Row, Leeds');
    expect(first?.organizer).toBe(`mailto:${w.orgA.adminEmail}`);
    expect(first?.attendees).toEqual([
      { email: ann.email, rsvp: 'TRUE' },
      { email: guest, rsvp: 'TRUE' },
      { email: leaver, rsvp: 'TRUE' },
    ]);
    expect(await mailTo(t.app, guest)).toHaveLength(1);
    expect(await mailTo(t.app, leaver)).toHaveLength(1);

    // As it goes out: a text/calendar part with the method, inline and attached.
    const mime = await mimeOf({
      to: invite?.to as string,
      subject: invite?.subject as string,
      text: invite?.text as string,
      attachments: invite?.attachments ?? undefined,
      alternatives: invite?.alternatives ?? undefined,
      from: 'crm@example.com',
      messageId: '<x@example.com>',
    });
    expect(mime).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    expect(mime).toMatch(/Content-Disposition: attachment; filename=invite\.ics/);

    // An update: same UID, next SEQUENCE to those still invited, a cancellation to the one taken off.
    const updated = await call(
      t.app,
      event.calls.update!,
      { _id: created._id, startTime: at(2), endTime: at(3), attendeesMails: [guest] },
      w.orgA.adminToken,
    );
    expect(updated.status, updated.body.message).toBe(200);
    expect(updated.body.data.sequence).toBe(1);
    const [update] = await mailTo(t.app, ann.email);
    expect(update?.subject).toMatch(/^Updated invitation: /);
    const second = icsOf(update as never);
    expect(second.method).toBe('REQUEST');
    expect(second.events[0]).toMatchObject({ uid: first?.uid, sequence: 1 });
    expect(second.events[0]?.start.toISOString()).toBe(at(2));
    expect(second.events[0]?.attendees.map((a) => a.email)).toEqual([ann.email, guest]);
    expect(await mailTo(t.app, guest)).toHaveLength(2);
    const [cancelled] = await mailTo(t.app, leaver);
    const cancel = icsOf(cancelled as never);
    expect(cancel.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events[0]).toMatchObject({ uid: first?.uid, sequence: 1, status: 'CANCELLED' });
    expect(cancel.events[0]?.attendees.map((a) => a.email)).toEqual([leaver]);

    // Turning the video call off drops the link; a delete cancels it for everyone.
    const noCall = await call(t.app, event.calls.update!, { _id: created._id, scheduleGoogleMeetCall: false }, w.orgA.adminToken);
    expect(noCall.body.data.meetingLink).toBeNull();
    const removed = await call(t.app, event.calls.remove!, { _id: created._id }, w.orgA.adminToken);
    expect(removed.status, removed.body.message).toBe(200);
    for (const to of [ann.email, guest]) {
      const [last] = await mailTo(t.app, to);
      expect(last?.subject).toMatch(/^Cancelled: /);
      const gone = icsOf(last as never);
      expect(gone.method).toBe('CANCEL');
      expect(gone.events[0]).toMatchObject({ uid: first?.uid, sequence: 3, status: 'CANCELLED' });
    }
    expect(await mailTo(t.app, leaver)).toHaveLength(2);
  });

  it('list the events overlapping a time range, by attendee, type and related record', async () => {
    const ann = await aStaffMember(t.app, w.orgA.adminToken, { first: 'Ann' });
    const acme = await call(
      t.app,
      client.calls.create!,
      { name: unique('Acme '), email: `${unique('hr')}@acme.example`, phone: { number: '+447700900123' } },
      w.orgA.adminToken,
    );
    const type = unique('Type');
    const early = await anEvent({ type, startTime: at(100), endTime: at(102), userIds: [ann.id] });
    const spanning = await anEvent({ type, startTime: at(101), endTime: at(110) });
    const late = await anEvent({
      type,
      startTime: at(120),
      endTime: at(121),
      relatedTo: [{ _id: acme.body.data._id, entityType: 'Client' }],
    });
    const list = (filter: Record<string, unknown>) =>
      call(t.app, event.calls.list!, { limit: 'ALL', filter: { type, ...filter } }, w.orgA.adminToken);

    expect(ids((await list({})).body)).toEqual([early._id, spanning._id, late._id].sort());
    expect(ids((await list({ timeRange: { from: at(103), to: at(104) } })).body)).toEqual([spanning._id]);
    expect(ids((await list({ timeRange: { from: at(102), to: at(120) } })).body)).toEqual([spanning._id]);
    expect(ids((await list({ timeRange: { from: at(90), to: at(101) } })).body)).toEqual([early._id]);
    expect(ids((await list({ timeRange: { from: at(105) } })).body)).toEqual([spanning._id, late._id].sort());
    expect(ids((await list({ userIds: ann.id })).body)).toEqual([early._id]);
    expect(ids((await list({ relatedTo: acme.body.data._id })).body)).toEqual([late._id]);
    // Ordered by start.
    const ordered = (await list({})).body.data.results.map((r: { _id: string }) => r._id);
    expect(ordered).toEqual([early._id, spanning._id, late._id]);
  });

  it('are for staff with the Event permission; those who see their own see the events they attend', async () => {
    expect((await call(t.app, event.calls.list!, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, event.calls.create!, { title: 'x', startTime: at(0), endTime: at(1) }, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, event.calls.list!, {}, w.staffA.token)).status).toBe(403);

    const reader = await staffWithEvents('READ', 'ALL');
    expect((await call(t.app, event.calls.list!, {}, reader.token)).status).toBe(200);
    expect((await call(t.app, event.calls.create!, { title: 'x', startTime: at(0), endTime: at(1) }, reader.token)).status).toBe(403);

    const own = await staffWithEvents('WRITE', 'OWN');
    const type = unique('Own');
    const attended = await anEvent({ type, userIds: [own.id] });
    const others = await anEvent({ type });
    const mine = await anEvent({ type }, own.token);
    const list = await call(t.app, event.calls.list!, { limit: 'ALL', filter: { type } }, own.token);
    expect(ids(list.body)).toEqual([attended._id, mine._id].sort());
    expect((await call(t.app, event.calls.update!, { _id: others._id, title: 'Mine now' }, own.token)).status).toBe(404);
    expect((await call(t.app, event.calls.update!, { _id: attended._id, title: 'Moved' }, own.token)).status).toBe(200);
    // Deleting needs FULL.
    expect((await call(t.app, event.calls.remove!, { _id: mine._id }, own.token)).status).toBe(403);
  });

  it('refuse another organisation’s staff, records and events, and mail no one then', async () => {
    const theirs = await aStaffMember(t.app, w.orgB.adminToken);
    const ours = await aStaffMember(t.app, w.orgA.adminToken);
    const staff = await call(
      t.app,
      event.calls.create!,
      { title: 'Secret', startTime: at(0), endTime: at(1), userIds: [ours.id, theirs.id] },
      w.orgA.adminToken,
    );
    expect(staff.status).toBe(404);
    expect(staff.body.message).toBe('Organisation Staff not found');
    expect(await mailTo(t.app, ours.email)).toEqual([]);
    expect(await mailTo(t.app, theirs.email)).toEqual([]);

    const theirClient = await call(
      t.app,
      client.calls.create!,
      { name: unique('Globex '), email: `${unique('hr')}@globex.example`, phone: { number: '+447700900124' } },
      w.orgB.adminToken,
    );
    const related = await call(
      t.app,
      event.calls.create!,
      { title: 'Secret', startTime: at(0), endTime: at(1), relatedTo: [{ _id: theirClient.body.data._id, entityType: 'Client' }] },
      w.orgA.adminToken,
    );
    expect(related.status).toBe(404);

    const ourEvent = await anEvent({ userIds: [ours.id] });
    const before = (await mailTo(t.app, ours.email)).length;
    expect((await call(t.app, event.calls.update!, { _id: ourEvent._id, title: 'Hijacked' }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, event.calls.remove!, { _id: ourEvent._id }, w.orgB.adminToken)).status).toBe(404);
    const theirList = await call(t.app, event.calls.list!, { limit: 'ALL' }, w.orgB.adminToken);
    expect(ids(theirList.body)).not.toContain(ourEvent._id);
    expect(await mailTo(t.app, ours.email)).toHaveLength(before);
    // Adding their staff on update is refused as well.
    const update = await call(t.app, event.calls.update!, { _id: ourEvent._id, userIds: [theirs.id] }, w.orgA.adminToken);
    expect(update.status).toBe(404);
  });

  it('state the times in the organiser’s time zone, in the text, the subject and the calendar file', async () => {
    const ann = await aStaffMember(t.app, w.orgA.adminToken, { first: 'Ann' });
    // 09:00 UTC on 15 January is 09:00 in London and 04:00 in New York; an end on another day says its day.
    const created = await anEvent({
      title: 'Zoned',
      userIds: [ann.id],
      timeZone: 'America/New_York',
      startTime: at(0),
      endTime: at(24),
    });
    expect((created as unknown as { timeZone: string }).timeZone).toBe('America/New_York');
    const [invite] = await mailTo(t.app, ann.email);
    expect(invite?.subject).toBe('Invitation: Zoned @ Friday 15 January 2027 at 04:00 (America/New_York)');
    expect(invite?.text).toContain('When: Friday 15 January 2027 at 04:00 to Saturday 16 January 2027 at 04:00 (America/New_York)');
    // The file keeps UTC times, which every calendar turns into its reader's own zone.
    const [vevent] = icsOf(invite as never).events;
    expect(vevent?.start.toISOString()).toBe(at(0));

    // An update in summer time reads in that zone's summer offset.
    const summer = new Date(Date.UTC(2027, 6, 1, 13)).toISOString();
    const summerEnd = new Date(Date.UTC(2027, 6, 1, 14)).toISOString();
    const moved = await call(
      t.app,
      event.calls.update!,
      { _id: created._id, startTime: summer, endTime: summerEnd, timeZone: 'Europe/London' },
      w.orgA.adminToken,
    );
    expect(moved.status, moved.body.message).toBe(200);
    const [update] = await mailTo(t.app, ann.email);
    expect(update?.text).toContain('When: Thursday 1 July 2027 at 14:00 to 15:00 (Europe/London)');

    for (const zone of ['Mars/Olympus_Mons', '', 'x'.repeat(80)]) {
      const refused = await call(
        t.app,
        event.calls.create!,
        { title: 'Nowhere', startTime: at(0), endTime: at(1), timeZone: zone },
        w.orgA.adminToken,
      );
      expect(refused.status, zone).toBe(400);
      expect(refused.body.message).toBe(unknownTimeZone);
    }
  });

  it('invite candidates the caller may read, at their own address, and refuse one they may not', async () => {
    const jo = (await aCandidate(t.app, w.orgA.adminToken)) as { _id: string; email: string };
    const created = await anEvent({ title: 'Interview with a candidate', candidateIds: [jo._id] });
    const [invite] = await mailTo(t.app, jo.email);
    expect(invite?.subject).toMatch(/^Invitation: Interview with a candidate @ /);
    expect(icsOf(invite as never).events[0]?.attendees).toEqual([{ email: jo.email, rsvp: 'TRUE' }]);
    const details = await call(t.app, event.calls.list!, { search: created.title }, w.orgA.adminToken);
    expect(details.body.data.results[0].candidates).toEqual([{ _id: jo._id, label: expect.any(String) }]);
    // An in-house candidate is no outside address: the invitation is not counted against the limits.
    expect(invite?.outside).toBe(false);

    // Taking the candidate off mails them the cancellation.
    await call(t.app, event.calls.update!, { _id: created._id, candidateIds: [] }, w.orgA.adminToken);
    const [cancel] = await mailTo(t.app, jo.email);
    expect(cancel?.subject).toMatch(/^Cancelled: /);

    // Another organisation's candidate is a missing one, and no one is mailed.
    const theirs = (await aCandidate(t.app, w.orgB.adminToken)) as { _id: string; email: string };
    const foreign = await call(
      t.app,
      event.calls.create!,
      { title: 'Poach', startTime: at(0), endTime: at(1), candidateIds: [theirs._id] },
      w.orgA.adminToken,
    );
    expect(foreign.status).toBe(404);
    expect(await mailTo(t.app, theirs.email)).toEqual([]);

    // Staff who may write events but not read candidates cannot name one: the request that would have mailed Jo.
    const planner = await staffWithEvents('WRITE', 'ALL');
    const blind = await call(
      t.app,
      event.calls.create!,
      { title: 'Blind', startTime: at(0), endTime: at(1), candidateIds: [jo._id] },
      planner.token,
    );
    expect(blind.status).toBe(404);
    // With READ on candidates they may.
    const reader = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [
        await roleOf(t.app, w.orgA.adminToken, [
          await permissionId(t.app, w.root, { feature: 'Event', level: 'WRITE', scope: 'ALL' }),
          await permissionId(t.app, w.root, { feature: 'Candidate', level: 'READ', scope: 'ALL' }),
        ]),
      ],
    });
    const allowed = await call(
      t.app,
      event.calls.create!,
      { title: 'Seen', startTime: at(0), endTime: at(1), candidateIds: [jo._id] },
      reader.token,
    );
    expect(allowed.status, allowed.body.message).toBe(200);
  });
});
