import type { Address } from '@app/contract/conventions/common';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** What an iCalendar VEVENT of ours is made from: an event's stored values. */
export type CalendarEvent = {
  id: string;
  /** The UID when it is not an event's (an interview's). */
  uid?: string;
  title: string;
  description?: string | null;
  startTime: Date | string;
  endTime: Date | string;
  location?: Address | null;
  meetingLink?: string | null;
  /** The organiser's IANA zone: the times are written in UTC, and the description names the zone they were set in. */
  timeZone?: string | null;
  sequence: number;
  organizer?: { name: string; email: string } | null;
  attendees: { email: string; name?: string | null }[];
};

export type InvitationMethod = 'REQUEST' | 'CANCEL';

const prodId = { company: 'Recruitment Platform', product: 'CRM', language: 'EN' };

/** The UID calendars match an invitation, its updates and its cancellation by: one per event, forever. */
export const eventUid = (eventId: string, appUrl: string) => `event-${eventId}@${hostOf(appUrl)}`;

/** An interview's UID, kept apart from events' so a calendar never mixes the two. */
export const interviewUid = (interviewId: string, appUrl: string) => `interview-${interviewId}@${hostOf(appUrl)}`;

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
};

export const addressLine = (location: Address | null | undefined) =>
  location
    ? [location.building, location.street, location.city, location.county, location.postCode, location.country].filter(Boolean).join(', ')
    : '';

/** The description calendars show: the event's own, then the meeting link on a line of its own. */
export const descriptionOf = (event: Pick<CalendarEvent, 'description' | 'meetingLink'>) =>
  [event.description?.trim(), event.meetingLink ? `Join the video meeting: ${event.meetingLink}` : ''].filter(Boolean).join('\n\n');

const locationOf = (event: CalendarEvent) => addressLine(event.location) || event.meetingLink || null;

/**
 * One event as an iTIP message (RFC 5546) that Google Calendar and Outlook take as an invitation:
 * METHOD:REQUEST (or CANCEL with STATUS:CANCELLED), the event's UID and SEQUENCE, DTSTAMP, UTC
 * times, the ORGANIZER and each ATTENDEE with RSVP.
 */
export const invitationIcs = (input: { event: CalendarEvent; method: InvitationMethod; appUrl: string; now?: Date }) => {
  const { event, method, appUrl } = input;
  const calendar = ical({ prodId, method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  calendar.createEvent({
    id: event.uid ?? eventUid(event.id, appUrl),
    sequence: event.sequence,
    stamp: input.now ?? new Date(),
    start: new Date(event.startTime),
    end: new Date(event.endTime),
    summary: event.title,
    description: descriptionOf(event) || null,
    location: locationOf(event),
    url: event.meetingLink ?? null,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: event.organizer ?? null,
    attendees: event.attendees.map((attendee) => ({
      email: attendee.email,
      name: attendee.name ?? null,
      rsvp: true,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
    })),
  });
  return calendar.toString();
};

/** A subscription feed (METHOD:PUBLISH): the events as they stand, and tasks at their due time. */
export const feedIcs = (input: {
  name: string;
  appUrl: string;
  events: CalendarEvent[];
  tasks: { id: string; title: string; description?: string | null; dueDate: Date }[];
}) => {
  const calendar = ical({ prodId, name: input.name, method: ICalCalendarMethod.PUBLISH, ttl: 15 * 60 });
  for (const event of input.events) {
    calendar.createEvent({
      id: event.uid ?? eventUid(event.id, input.appUrl),
      sequence: event.sequence,
      start: new Date(event.startTime),
      end: new Date(event.endTime),
      summary: event.title,
      description: descriptionOf(event) || null,
      location: locationOf(event),
      url: event.meetingLink ?? null,
      organizer: event.organizer ?? null,
      attendees: event.attendees.map((attendee) => ({ email: attendee.email, name: attendee.name ?? null })),
    });
  }
  for (const task of input.tasks) {
    // A due date is a moment: shown as a short slot so every calendar app draws it at that time.
    calendar.createEvent({
      id: `task-${task.id}@${hostOf(input.appUrl)}`,
      start: task.dueDate,
      end: new Date(task.dueDate.getTime() + 30 * 60 * 1000),
      summary: `Task due: ${task.title}`,
      description: [task.description?.trim(), `${input.appUrl}/crm/tasks?task=${task.id}`].filter(Boolean).join('\n\n'),
      url: `${input.appUrl}/crm/tasks?task=${task.id}`,
    });
  }
  return calendar.toString();
};
