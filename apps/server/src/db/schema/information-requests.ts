import type { InformationRequestType, InformationStatus } from '@app/contract/resources/crm/candidate-information-form';
import type { clientInformationData } from '@app/contract/resources/crm/client-information-request';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns, jsonOf } from './columns';

type Person = { _id: string; name: string };

/** A request to a candidate to fill in part of their profile (contract: CandidateInformationForm). */
export const candidateInformationForms = pgTable(
  'candidate_information_forms',
  {
    ...baseColumns(),
    candidateId: text().notNull(),
    requestType: text().$type<InformationRequestType>().notNull(),
    status: text().$type<InformationStatus>().notNull(),
    /** The part the candidate proposed, as checked by the candidate's schemas. */
    data: jsonb().$type<Record<string, unknown>>(),
    filledAt: timestamp({ withTimezone: true, mode: 'date' }),
    source: text().$type<'STAFF_REQUEST' | 'CANDIDATE'>().notNull(),
    sentTo: text(),
    sentAt: timestamp({ withTimezone: true, mode: 'date' }),
    reviewedBy: jsonb().$type<Person>(),
    reviewedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('candidate_information_forms_organisation_created').on(t.organisationId, t.createdAt),
    // A candidate's forms (their page, their open one of a type); the filled ones staff review.
    index('candidate_information_forms_candidate').on(t.candidateId, t.status).where(sql`not ${t.isDeleted}`),
    index('candidate_information_forms_filled').on(t.organisationId, t.filledAt).where(sql`${t.status} = 'FILLED' and not ${t.isDeleted}`),
  ],
);

/** A client's proposal of new details (contract: ClientInformationRequest). */
export const clientInformationRequests = pgTable(
  'client_information_requests',
  {
    ...baseColumns(),
    clientId: text().notNull(),
    status: text().$type<InformationStatus>().notNull(),
    data: jsonOf<typeof clientInformationData>().notNull(),
    filledAt: timestamp({ withTimezone: true, mode: 'date' }),
    submittedBy: jsonb().$type<Person>(),
    reviewedBy: jsonb().$type<Person>(),
    reviewedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('client_information_requests_organisation_created').on(t.organisationId, t.createdAt),
    index('client_information_requests_client').on(t.clientId, t.status).where(sql`not ${t.isDeleted}`),
  ],
);
