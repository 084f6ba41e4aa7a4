import { randomBytes } from 'node:crypto';
import type { RelatedTo } from '@app/contract/conventions/common';
import { endBeforeStart, type event, isTimeZone } from '@app/contract/resources/crm/event';
import type { MailKind } from '@app/contract/resources/crm/sent-mail';
import { gt, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { events } from '../../db/schema/events';
import { badRequest } from '../../engine/errors';
import { registerResource } from '../../engine/register-resource';
import type { ResourceRepository } from '../../engine/repository';
import type { ResourceHooks } from '../../engine/resource-hooks';
import type { SentFor } from '../../services/mail';
import type { Services } from '../../services/services';
import type { Letter } from '../email/templates';
import { emailKey } from './candidate-contact-keys';
import { addressLine, type CalendarEvent, type InvitationMethod, invitationIcs } from './event-calendar';
import { registerEventFeed } from './event-feed';
import { checkOutsideInvitations } from './event-invitation-limits';
import { type Attendee, candidatePeople, contactPeople, outsideAddresses, staffPeople } from './event-people';

type Hooks = ResourceHooks<typeof event>;

/** An unguessable Jitsi room (128 random bits): anyone with the link joins, no account needed. */
export const newMeetingLink = () => `https://meet.jit.si/crm-${randomBytes(16).toString('hex')}`;

const timeOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).getTime();

const checkTimes = (start: unknown, end: unknown) => {
  if (timeOf(end) <= timeOf(start)) throw badRequest(endBeforeStart, [{ field: 'endTime', message: endBeforeStart }]);
};

const beforeCreate: Hooks['beforeCreate'] = ({ values }) => {
  checkTimes(values.startTime, values.endTime);
  return { ...values, sequence: 0, meetingLink: values.scheduleGoogleMeetCall ? newMeetingLink() : null };
};

/** Each update is a new version of the invitation: its SEQUENCE is raised so calendars replace the old one. */
const beforeUpdate: Hooks['beforeUpdate'] = ({ values, before }) => {
  if (values.startTime !== undefined || values.endTime !== undefined) {
    checkTimes(values.startTime ?? before.startTime, values.endTime ?? before.endTime);
  }
  const next: Record<string, unknown> = { ...values, sequence: (before.sequence ?? 0) + 1 };
  if (values.scheduleGoogleMeetCall === true && !before.meetingLink) next.meetingLink = newMeetingLink();
  if (values.scheduleGoogleMeetCall === false) next.meetingLink = null;
  return next;
};

type People = { staff: Map<string, Attendee>; contacts: Map<string, Attendee>; candidates: Map<string, Attendee> };
type Invited = {
  userIds?: string[] | null;
  contactIds?: string[] | null;
  candidateIds?: string[] | null;
  attendeesMails?: string[] | null;
};

/** Staff attendees, then contacts, then candidates, then outside addresses, each address once (case aside). */
const attendeesOf = (values: Invited, { staff, contacts, candidates }: People) => {
  const seen = new Set<string>();
  const out: Attendee[] = [];
  const add = (attendee: Attendee | undefined) => {
    if (!attendee) return;
    const key = attendee.email.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push(attendee);
  };
  for (const id of values.userIds ?? []) add(staff.get(id));
  for (const id of values.contactIds ?? []) add(contacts.get(id));
  for (const id of values.candidateIds ?? []) add(candidates.get(id));
  for (const email of values.attendeesMails ?? []) add({ email });
  return out;
};

/**
 * A moment as the organiser reads it, in their zone and named by it ("Tuesday 1 December 2026 at
 * 14:00 (Europe/London)"); an end on the same day is only its time. UTC for a zone no longer known.
 */
export const whenOf = (moment: Date | string, zone: string, sameDayAs?: Date | string) => {
  const known = isTimeZone(zone) ? zone : 'UTC';
  const at = new Date(moment);
  // Assembled from parts: ICU versions differ on the commas in a full date.
  const day = (value: Date) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: known,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).formatToParts(value);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  };
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: known, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  if (sameDayAs && day(new Date(sameDayAs)) === day(at)) return time;
  return `${day(at)} at ${time}`;
};

const zoneOf = (event: Pick<CalendarEvent, 'timeZone'>) => (event.timeZone && isTimeZone(event.timeZone) ? event.timeZone : 'UTC');

/** "Tuesday 1 December 2026 at 14:00 to 15:00 (Europe/London)": what the mail's text says of the time. */
export const whenLine = (event: Pick<CalendarEvent, 'startTime' | 'endTime' | 'timeZone'>) => {
  const zone = zoneOf(event);
  return `${whenOf(event.startTime, zone)} to ${whenOf(event.endTime, zone, event.startTime)} (${zone})`;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The mail's HTML: the text's lines, escaped, with the meeting link as a link a person can click. */
export const invitationHtml = (input: { lines: string[]; link: string | null; description: string }) => {
  const linkLine = input.link ? `Video meeting: ${input.link}` : null;
  const body = input.lines.map((line) => {
    if (line !== linkLine || !input.link) return `<p>${escapeHtml(line)}</p>`;
    const href = escapeHtml(input.link);
    return `<p>Video meeting: <a href="${href}">${href}</a></p>`;
  });
  if (input.description) body.push(`<p style="white-space: pre-wrap">${escapeHtml(input.description)}</p>`);
  return body.join('\n');
};

/**
 * Mails one attendee the invitation (or its cancellation) with the iCalendar attached. `letter`, the
 * organisation's template filled in, replaces the built-in subject and opens the text.
 */
export const mailInvitation = async (input: {
  db: Executor;
  services: Services;
  to: string;
  method: InvitationMethod;
  event: CalendarEvent;
  heading: 'Invitation' | 'Updated invitation' | 'Cancelled';
  sentFor: SentFor;
  letter?: Letter | null;
}) => {
  const { event, method, services } = input;
  const ics = invitationIcs({ event, method, appUrl: services.config.appUrl });
  const contentType = `text/calendar; charset=utf-8; method=${method}`;
  const link = event.meetingLink && method !== 'CANCEL' ? event.meetingLink : null;
  const lines = [
    method === 'CANCEL' ? `This event has been cancelled: ${event.title}` : `You are invited to: ${event.title}`,
    `When: ${whenLine(event)}`,
    addressLine(event.location) ? `Where: ${addressLine(event.location)}` : '',
    link ? `Video meeting: ${link}` : '',
    event.organizer ? `Organiser: ${event.organizer.name} <${event.organizer.email}>` : '',
  ].filter(Boolean);
  const description = event.description?.trim() ?? '';
  const opening = input.letter ? [input.letter.text, ''] : [];
  await services.mail.send(input.db, {
    to: input.to,
    subject: input.letter?.subject ?? `${input.heading}: ${event.title} @ ${whenOf(event.startTime, zoneOf(event))} (${zoneOf(event)})`,
    text: [...opening, ...lines, description ? `\n${description}` : ''].filter(Boolean).join('\n'),
    html: [
      ...opening.filter(Boolean).map((line) => `<p style="white-space: pre-wrap">${escapeHtml(line)}</p>`),
      invitationHtml({ lines, link, description }),
    ].join('\n'),
    // Outlook reads the attachment, Gmail and Apple Mail the inline text/calendar alternative.
    alternatives: [{ contentType, content: ics }],
    attachments: [{ filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', contentType, content: ics }],
    // Invitations go out after every code and reset waiting: a thousand of them never hold up a sign-in.
    priority: 'BULK',
    sentFor: input.sentFor,
  });
};

const keyOf = (attendee: Attendee) => emailKey(attendee.email);

/**
 * Mails the invitation: every attendee on create; on update the new version to every attendee and
 * a cancellation to those taken off; a cancellation to everyone on delete. Queued in the write's
 * transaction, so a refused write mails no one. Before any of it, the limits on outside attendees
 * (`checkOutsideInvitations`): an event is no mail relay.
 */
const mailAttendees: Hooks['afterWrite'] = async ({ db, caller, services, operation, record, before, input }) => {
  if (operation === 'setStatus') return;
  const organisationId = (record.organisationId as string | null) ?? (before?.organisationId as string | null) ?? null;
  if (!organisationId) return;
  const ownerId = (before?.ownerId as string | null | undefined) ?? caller?.id ?? null;
  const staffIds = [...new Set([...(record.userIds ?? []), ...(before?.userIds ?? []), ...(ownerId ? [ownerId] : [])])];
  const staff = await staffPeople(db, organisationId, staffIds);
  const contactIds = [...new Set([...(record.contactIds ?? []), ...(before?.contactIds ?? [])])];
  const candidateIds = [...new Set([...(record.candidateIds ?? []), ...(before?.candidateIds ?? [])])];
  const people: People = {
    staff,
    contacts: await contactPeople(db, organisationId, contactIds),
    candidates: await candidatePeople(db, organisationId, candidateIds),
  };
  const owner = ownerId ? staff.get(ownerId) : undefined;
  const organizer = owner ? { name: owner.name || owner.email, email: owner.email } : null;
  const now = attendeesOf(record, people);
  const earlierAttendees = operation === 'update' && before ? attendeesOf(before as Invited, people) : [];
  const earlier = new Set(earlierAttendees.map(keyOf));
  // Only addresses that came in by `attendeesMails` can be outside: staff, contacts and candidates were looked up in the organisation.
  const listed = new Set([...(record.attendeesMails ?? []), ...(before?.attendeesMails ?? [])].map(emailKey));
  const everyone = [...new Set([...now, ...earlierAttendees].map(keyOf))];
  const outside = await outsideAddresses(
    db,
    organisationId,
    everyone.filter((key) => listed.has(key)),
  );
  if (operation !== 'remove' && caller) {
    const outsideNow = new Set(now.map(keyOf).filter((key) => outside.has(key)));
    await checkOutsideInvitations({
      db,
      senderId: caller.id,
      outside: outsideNow,
      added: new Set([...outsideNow].filter((key) => !earlier.has(key))),
      checkEvent: operation === 'create' || 'attendeesMails' in input,
    });
  }
  const sequence = operation === 'remove' ? (before?.sequence ?? 0) + 1 : (record.sequence ?? 0);
  const calendarEvent: CalendarEvent = {
    id: record._id,
    title: record.title ?? '',
    description: record.description,
    startTime: record.startTime as string,
    endTime: record.endTime as string,
    location: record.location,
    meetingLink: record.meetingLink,
    timeZone: (record.timeZone as string | null | undefined) ?? 'UTC',
    sequence,
    organizer,
    attendees: now,
  };
  const itemId = record.itemId as RelatedTo['itemId'] | null | undefined;
  const sentFor = (kind: MailKind, attendee: Attendee): SentFor => ({
    organisationId,
    by: caller ? { id: caller.id, name: caller.name || caller.email } : null,
    kind,
    relatedTo: [{ _id: record._id, entityType: 'Event', ...(itemId ? { itemId } : {}) }],
    outside: outside.has(keyOf(attendee)),
  });
  if (operation === 'remove') {
    for (const attendee of now) {
      await mailInvitation({
        db,
        services,
        to: attendee.email,
        method: 'CANCEL',
        event: calendarEvent,
        heading: 'Cancelled',
        sentFor: sentFor('EVENT_CANCELLATION', attendee),
      });
    }
    return;
  }
  const heading = operation === 'create' ? 'Invitation' : 'Updated invitation';
  for (const attendee of now) {
    const kind = earlier.has(keyOf(attendee)) ? 'EVENT_UPDATE' : 'EVENT_INVITATION';
    await mailInvitation({
      db,
      services,
      to: attendee.email,
      method: 'REQUEST',
      event: calendarEvent,
      heading,
      sentFor: sentFor(kind, attendee),
    });
  }
  if (operation !== 'update' || !before) return;
  const still = new Set(now.map(keyOf));
  for (const removed of attendeesOf(before as Invited, people)) {
    if (still.has(keyOf(removed))) continue;
    // The cancellation names only the one taken off, so their calendar drops the event and no one else's changes.
    await mailInvitation({
      db,
      services,
      to: removed.email,
      method: 'CANCEL',
      event: { ...calendarEvent, attendees: [removed] },
      heading: 'Cancelled',
      sentFor: sentFor('EVENT_CANCELLATION', removed),
    });
  }
};

/** `timeRange`: the events overlapping it, those starting before its end and ending after its start. */
const listWhere: Hooks['listWhere'] = ({ request }) => {
  const range = request.filter.timeRange as { from?: string; to?: string } | undefined;
  const where: SQL[] = [];
  if (range?.to) where.push(lt(events.startTime, new Date(range.to)));
  if (range?.from) where.push(gt(events.endTime, new Date(range.from)));
  return where;
};

/** `/event`: the calendar's events, with their invitations, and each staff member's ICS feed. */
export const registerEvents = (app: FastifyInstance, repository: ResourceRepository<typeof event>) => {
  registerResource(app, repository, { hooks: { beforeCreate, beforeUpdate, afterWrite: mailAttendees, listWhere } });
  registerEventFeed(app);
};
