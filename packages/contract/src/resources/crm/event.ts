import { z } from 'zod';
import { address, email, isoDate, relatedToList } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterRelatedTo, filterValue } from '../../conventions/list';
import { defineResource, defineWorkflow } from '../../define-resource';
import { assigneeSees } from '../../scope-policy';

const titleRequired = 'Please provide a title.';
const startRequired = 'Please provide start time.';
const endRequired = 'Please provide end time.';

/** Shown when an event would end before (or when) it starts, on create and on an update that moves either end. */
export const endBeforeStart = 'The end time must be after the start time.';

/** Shown when the organiser's time zone is not an IANA zone the server knows. */
export const unknownTimeZone = 'Please choose a known time zone, such as Europe/London.';

/** Whether the runtime knows an IANA zone by this name. */
export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** An IANA zone name ("Europe/London"), as a browser's `Intl.DateTimeFormat().resolvedOptions().timeZone` gives it. */
export const timeZone = z.string().trim().min(1, unknownTimeZone).max(64, unknownTimeZone).refine(isTimeZone, unknownTimeZone);

/** A required datetime: the spec's message when it is missing, a plain one when it is not a date and time. */
const requiredTime = (required: string, what: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .pipe(z.iso.datetime({ offset: true, error: `${what} must be a date and time` }));

const editable = z.object({
  title: z.string({ error: titleRequired }).trim().min(1, titleRequired).max(300),
  description: z.string().trim().max(20_000).optional().nullable(),
  startTime: requiredTime(startRequired, 'Start time'),
  endTime: requiredTime(endRequired, 'End time'),
  location: address.optional().nullable(),
  type: z.string().trim().max(100).optional().nullable(),
  relatedTo: relatedToList.optional(),
  /** Staff attendees (checked in the organisation); each is mailed the invitation. */
  userIds: z.array(mongoId('userId')).max(100).optional(),
  /** Attendees from outside the staff, by address; each is mailed the invitation. */
  attendeesMails: z.array(email('Please enter email')).max(100).optional(),
  contactIds: z.array(mongoId('contactId')).max(100).optional(),
  /** Candidates attending (each one the caller may read); each is mailed the invitation at their address. */
  candidateIds: z.array(mongoId('candidateId')).max(100).optional(),
  /** The organiser's IANA time zone: the invitation states its times in it (UTC when none is sent). */
  timeZone: timeZone.optional(),
  /** Gives the event a video meeting link (a Jitsi room: Google Meet would need Google credentials). */
  scheduleGoogleMeetCall: z.boolean().optional(),
});

/**
 * A meeting in the agency's calendar (crm.md §3 Event). Creating one mails every attendee an
 * iCalendar invitation, an update mails the update (same UID, next SEQUENCE) and a delete or an
 * attendee taken off mails a cancellation. `meetingLink` and `sequence` are the server's.
 * Staff who see only their own events also see those they attend.
 */
export const event = defineResource({
  name: 'Event',
  table: 'events',
  tenancy: 'organisation',
  access: { module: 'Event' },
  policies: [assigneeSees('userIds')],
  itemIdPrefix: 'EVE',
  labelField: 'title',
  references: {
    userIds: { resource: 'OrganisationStaff', expandAs: 'users' },
    contactIds: { resource: 'Contact', expandAs: 'contacts' },
    candidateIds: { resource: 'Candidate', expandAs: 'candidates' },
  },
  relatedTo: 'relatedTo',
  fields: editable.extend({
    startTime: isoDate,
    endTime: isoDate,
    meetingLink: z.string().optional().nullable(),
    /** The iCalendar SEQUENCE of the last invitation: raised on each update. */
    sequence: z.number().int().optional(),
  }),
  create: editable
    .extend({
      relatedTo: editable.shape.relatedTo.default([]),
      userIds: editable.shape.userIds.default([]),
      attendeesMails: editable.shape.attendeesMails.default([]),
      contactIds: editable.shape.contactIds.default([]),
      candidateIds: editable.shape.candidateIds.default([]),
      timeZone: editable.shape.timeZone.default('UTC'),
      scheduleGoogleMeetCall: editable.shape.scheduleGoogleMeetCall.default(false),
    })
    .strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  search: ['title', 'description', 'itemId.combined'],
  filters: {
    /** Events overlapping the range: starting before its end and ending after its start. */
    timeRange: filterDateRange,
    userIds: filterId('userId'),
    type: filterValue(z.string()),
    relatedTo: filterRelatedTo,
  },
  computed: ['timeRange'],
  order: [{ field: 'startTime', direction: 'asc' }],
  screen: { area: 'crm', path: 'calendar', menu: { label: 'Calendar', icon: 'calendar-event', order: 70 } },
  calls: {
    create: { method: 'POST', path: '/event/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/event/', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/event/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/event/delete', who: ['CRM_USER'] },
  },
});

const calendarFeed = z.object({
  /** The link to subscribe to: shown when it is made, never again (only its hash is kept). */
  url: z.string().nullable(),
  /** When the current link was made; null when the caller has none. */
  createdAt: z.string().nullable(),
});

/**
 * The caller's calendar feed: makes one when they have none and answers its link; when they have
 * one it answers when it was made and no link (only its hash is kept: regenerate to see a link).
 */
export const eventCalendarFeed = defineWorkflow({
  name: 'eventCalendarFeed',
  tag: 'Event',
  method: 'POST',
  path: '/event/calendar-feed',
  who: ['CRM_USER'],
  access: { module: 'Event' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'The caller’s ICS calendar feed: made (and its link answered) when they have none',
  input: z.object({}).strict().default({}),
  output: calendarFeed,
});

/** A new link for the caller's calendar feed; the old link stops working at once. */
export const eventCalendarFeedRegenerate = defineWorkflow({
  name: 'eventCalendarFeedRegenerate',
  tag: 'Event',
  method: 'POST',
  path: '/event/calendar-feed/regenerate',
  who: ['CRM_USER'],
  access: { module: 'Event' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'A new link for the caller’s ICS calendar feed (the old one is revoked)',
  input: z.object({}).strict().default({}),
  output: calendarFeed.extend({ url: z.string() }),
});
