import type { IdName, RelatedTo, UploadedFile } from '@app/contract/conventions/common';
import type { EmailAddressEntry } from '@app/contract/resources/crm/email';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns, timestamps } from './columns';

/** An organisation's email template (contract: Email Template). */
export const emailTemplates = pgTable(
  'email_templates',
  {
    ...baseColumns(),
    title: text(),
    description: text(),
    templateType: text(),
    subject: text().notNull(),
    content: text(),
    status: text().notNull().default('ACTIVE'),
  },
  (t) => [
    index('email_templates_organisation_created').on(t.organisationId, t.createdAt),
    // The automatic mail of a type reads the organisation's newest ACTIVE template of that type.
    index('email_templates_type').on(t.organisationId, t.templateType, t.updatedAt),
  ],
);

/**
 * An email sent from the CRM, found in a connected mailbox, or a draft (contract: Email). Its owner
 * is the staff member it belongs to; `outboxId` is the outbox row its delivery went out as.
 */
export const emails = pgTable(
  'emails',
  {
    ...baseColumns(),
    subject: text().notNull(),
    textHtml: text(),
    snippet: text(),
    fromEmail: text(),
    toEmails: jsonb().$type<EmailAddressEntry[]>().notNull().default([]),
    ccEmails: jsonb().$type<EmailAddressEntry[]>().notNull().default([]),
    contactIds: jsonb().$type<string[]>().notNull().default([]),
    relatedTo: jsonb().$type<RelatedTo[]>().notNull().default([]),
    direction: text().notNull().default('OUTBOUND'),
    date: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    threadId: text(),
    messageId: text(),
    inReplyTo: text(),
    isBookMarked: boolean().notNull().default(false),
    inDraft: boolean().notNull().default(false),
    attachments: jsonb().$type<UploadedFile[]>().notNull().default([]),
    mailServiceProvider: text(),
    templateId: text(),
    outboxId: text(),
  },
  (t) => [
    index('emails_organisation_date').on(t.organisationId, t.date),
    // An inbox: one staff member's mail, newest first.
    index('emails_owner_date').on(t.ownerId, t.date),
    // A record's page lists its emails: `related_to @> [{ _id }]`, `contact_ids @> [id]`.
    index('emails_related_to').using('gin', t.relatedTo),
    index('emails_contact_ids').using('gin', t.contactIds),
    // Threading: a reply finds the message it answers by its Message-ID.
    index('emails_message_id').on(t.organisationId, t.messageId),
  ],
);

/**
 * An organisation's own SMTP server, through which its staff's emails go instead of the platform's
 * (SMTP_URL). The password is stored encrypted (services/stored-secrets.ts) and never answered.
 */
export const organisationMailSettings = pgTable('organisation_mail_settings', {
  organisationId: text().primaryKey(),
  host: text().notNull(),
  port: integer().notNull(),
  secure: boolean().notNull().default(false),
  username: text(),
  passwordEncrypted: text(),
  fromEmail: text().notNull(),
  fromName: text(),
  updatedBy: jsonb().$type<IdName>(),
  ...timestamps(),
});
