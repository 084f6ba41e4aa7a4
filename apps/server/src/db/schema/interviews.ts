import type { Address } from '@app/contract/conventions/common';
import type { avgScorecard, externalInterviewer, InterviewStatus, scorecardEntry } from '@app/contract/resources/hiring/interview';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns, jsonOf } from './columns';

const time = () => timestamp({ withTimezone: true, mode: 'date' });

/** An interview for a CRM job application (contract: Interview). */
export const interviews = pgTable(
  'interviews',
  {
    ...baseColumns(),
    jobApplicationId: text().notNull(),
    candidateId: text().notNull(),
    jobId: text().notNull(),
    clientId: text(),
    hostUserId: text(),
    interviewType: text().notNull(),
    medium: text().notNull(),
    onlineMeetingProvider: text(),
    interviewerIds: jsonb().$type<string[]>().notNull().default([]),
    externalInterviewer: jsonOf<typeof externalInterviewer>(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    timeZone: text().notNull().default('UTC'),
    location: jsonb().$type<Address>(),
    remarks: text(),
    descriptionForCandidate: text(),
    meetingInfo: text(),
    status: text().$type<InterviewStatus>().notNull().default('SCHEDULED'),
    sequence: integer().notNull().default(0),
    scorecard: jsonOf<ReturnType<typeof scorecardEntry.array>>().notNull().default([]),
    avgScorecard: jsonOf<typeof avgScorecard>().notNull().default({ score: null, points: null }),
  },
  (t) => [
    index('interviews_organisation_start').on(t.organisationId, t.startTime),
    // An application's interviews, for its page and its board card.
    index('interviews_application').on(t.jobApplicationId).where(sql`not ${t.isDeleted}`),
    index('interviews_interviewer_ids').using('gin', t.interviewerIds),
  ],
);
