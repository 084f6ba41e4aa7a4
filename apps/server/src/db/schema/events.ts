import type { Address, RelatedTo } from '@app/contract/conventions/common';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, timestamps } from './columns';

const time = () => timestamp({ withTimezone: true, mode: 'date' });

export const events = pgTable(
  'events',
  {
    ...baseColumns(),
    title: text().notNull(),
    description: text(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    location: jsonb().$type<Address>(),
    type: text(),
    relatedTo: jsonb().$type<RelatedTo[]>().notNull().default([]),
    userIds: jsonb().$type<string[]>().notNull().default([]),
    attendeesMails: jsonb().$type<string[]>().notNull().default([]),
    contactIds: jsonb().$type<string[]>().notNull().default([]),
    candidateIds: jsonb().$type<string[]>().notNull().default([]),
    /** The organiser's IANA zone (from their browser): invitations state times in it. */
    timeZone: text().notNull().default('UTC'),
    scheduleGoogleMeetCall: boolean().notNull().default(false),
    meetingLink: text(),
    sequence: integer().notNull().default(0),
  },
  (t) => [
    // The calendar asks for the events overlapping a month, a week or a day.
    index('events_organisation_time').on(t.organisationId, t.startTime, t.endTime),
    index('events_user_ids').using('gin', t.userIds),
    index('events_related_to').using('gin', t.relatedTo),
  ],
);

/**
 * A staff member's subscription link to their own calendar (ICS feed): only the secret's hash is
 * kept; regenerating replaces it, so the old link stops working.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: text().primaryKey(),
    organisationId: text().notNull(),
    userId: text().notNull(),
    secretHash: text().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('calendar_feeds_user').on(t.userId), uniqueIndex('calendar_feeds_secret').on(t.secretHash)],
);
