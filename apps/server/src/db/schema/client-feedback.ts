import type { ReferenceSummary } from '@app/contract/conventions/references';
import type { overallScoreOf, skillScore } from '@app/contract/resources/hiring/feedback';
import type { scorecardItem } from '@app/contract/resources/hiring/interview';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns, jsonOf } from './columns';

/** A client's feedback on a candidate, or a request for it (contract: Feedback). */
export const clientFeedback = pgTable(
  'feedback',
  {
    ...baseColumns(),
    jobApplicationId: text().notNull(),
    candidateId: text().notNull(),
    clientId: text().notNull(),
    jobId: text().notNull(),
    interviewId: text(),
    status: text().$type<'PENDING' | 'SUBMITTED'>().notNull(),
    submissionType: text().$type<'CLIENT' | 'STAFF'>(),
    remarks: text(),
    overallScore: jsonOf<typeof overallScoreOf>(),
    skillScorecard: jsonOf<ReturnType<typeof skillScore.array>>().notNull().default([]),
    scorecardItems: jsonOf<ReturnType<typeof scorecardItem.array>>().notNull().default([]),
    submittedBy: jsonb().$type<{ _id: string; name: string }>(),
    submittedAt: timestamp({ withTimezone: true, mode: 'date' }),
    requestedFrom: jsonb().$type<ReferenceSummary[]>().notNull().default([]),
    requestMessage: text(),
    /** The candidate's job seeker account, once staff shared the feedback with them. */
    sharedWithUserId: text(),
  },
  (t) => [
    index('feedback_organisation_created').on(t.organisationId, t.createdAt),
    // An application's feedback, for its page; a client's waiting requests, for the portal.
    index('feedback_application').on(t.jobApplicationId).where(sql`not ${t.isDeleted}`),
    index('feedback_client_status').on(t.organisationId, t.clientId, t.status).where(sql`not ${t.isDeleted}`),
    index('feedback_shared_with').on(t.sharedWithUserId).where(sql`${t.sharedWithUserId} is not null`),
  ],
);
