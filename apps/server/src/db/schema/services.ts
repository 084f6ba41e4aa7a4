import type { IdName, RelatedTo } from '@app/contract/conventions/common';
import type { MailKind, MailPriority } from '@app/contract/resources/crm/sent-mail';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** A file sent with a mail, kept as text in the outbox (`contentType` may carry parameters: `method=REQUEST`); a binary file as base64. */
export type MailAttachment = { filename: string; contentType: string; content: string; encoding?: 'base64' };
/** Another rendering of a mail's body, beside the text and HTML. */
export type MailAlternative = { contentType: string; content: string };
/**
 * Who a mail is from and what it answers, beyond the platform's own From: the name of the staff
 * member it is from (their words: an email from the CRM), where replies go, who is copied, and the
 * Message-IDs of the conversation it continues.
 */
export type MailEnvelope = { fromName?: string; replyTo?: string; cc?: string[]; inReplyTo?: string; references?: string[] };

/** Per organisation and entity type, the last `itemId` number handed out. */
export const itemCounters = pgTable(
  'item_counters',
  { scope: text().notNull(), entity: text().notNull(), value: integer().notNull() },
  (t) => [primaryKey({ columns: [t.scope, t.entity] })],
);

export const entityLogs = pgTable(
  'entity_logs',
  {
    id: text().primaryKey(),
    organisationId: text(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    action: text().notNull(),
    description: text().notNull(),
    from: jsonb(),
    to: jsonb(),
    relatedTo: jsonb().$type<RelatedTo>().notNull(),
    user: jsonb().$type<{ _id: string; name: string }>(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('entity_logs_organisation').on(t.organisationId, t.createdAt), index('entity_logs_entity').on(t.entityId)],
);

/**
 * Every stored file: who uploaded it (and their organisation), whose it is (the uploader until it
 * is attached, then the owner of the record it is attached to) and the record it is attached to
 * (entity type and id, both null until then). A field that takes a file goes through
 * `claimFileReferences`, which reads these columns.
 */
export const files = pgTable(
  'files',
  {
    id: text().primaryKey(),
    uploadedBy: text().notNull(),
    ownerId: text().notNull(),
    organisationId: text(),
    attachedType: text(),
    attachedId: text(),
    originalName: text().notNull(),
    blobName: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_blob_name').on(t.blobName), index('files_attached').on(t.attachedType, t.attachedId)],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: text().primaryKey(),
    purpose: text().notNull(),
    subjectId: text().notNull(),
    channel: text().notNull(),
    target: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    payload: jsonb(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_subject').on(t.subjectId, t.purpose, t.createdAt)],
);

/**
 * Every mail and text message the app sent or keeps. A mail sent for an organisation's work (an
 * invitation, a reminder) names the organisation, the staff member whose action sent it (`ownerId`,
 * `createdBy`) and the record it is about (`relatedTo`), so its admin can see what went out (`sentMail`): never
 * the body, which may carry a link or a temporary password.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Text attachments (an iCalendar invitation), sent as they are. */
    attachments: jsonb().$type<MailAttachment[]>(),
    /** Other renderings of the body (an invitation's text/calendar part, which calendars read inline). */
    alternatives: jsonb().$type<MailAlternative[]>(),
    envelope: jsonb().$type<MailEnvelope>(),
    status: text().$type<'QUEUED' | 'SENT' | 'LOGGED' | 'FAILED'>().notNull(),
    error: text(),
    /** URGENT (codes, resets, credentials) goes before NORMAL, which goes before BULK (invitations, reminders). */
    priority: text().$type<MailPriority>().notNull().default('NORMAL'),
    /** What the mail is (EVENT_INVITATION, TASK_REMINDER...); null for the platform's own account mail. */
    kind: text().$type<MailKind>(),
    organisationId: text(),
    ownerId: text(),
    createdBy: jsonb().$type<IdName>(),
    relatedTo: jsonb().$type<RelatedTo[]>(),
    /** The address was none of the organisation's staff, contacts or candidates when the mail was queued. */
    outside: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('mail_outbox_organisation').on(t.organisationId, t.createdAt).where(sql`${t.organisationId} is not null`),
    index('mail_outbox_owner_kind').on(t.ownerId, t.kind, t.createdAt).where(sql`${t.ownerId} is not null`),
  ],
);

/**
 * The durable job queue (services/job-queue.ts): work that must outlive the request and a restart.
 * A job is due when `run_at` has come and it is neither done, failed nor locked by a live worker.
 */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    runAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Lower runs first among due jobs (a code's mail before a thousand invitations): see `jobPriorities`. */
    priority: integer().notNull().default(5),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(8),
    lastError: text(),
    lockedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    doneAt: timestamp({ withTimezone: true, mode: 'date' }),
    failedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('job_queue_due').on(t.priority, t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`)],
);

/**
 * Rate-limit counters every process shares (services/counter-store.ts): per key, the count in the
 * window that ends at `reset_at`. A key whose window has passed starts again at its next hit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_reset_at').on(t.resetAt)],
);
