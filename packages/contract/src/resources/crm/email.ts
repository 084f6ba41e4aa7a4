import { z } from 'zod';
import { relatedToList, uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterRelatedTo, filterValue } from '../../conventions/list';
import { defineResource, defineWorkflow } from '../../define-resource';

export const emailDirections = ['OUTBOUND', 'INBOUND'] as const;
export const emailDirection = z
  .enum(emailDirections, { error: 'Direction must be OUTBOUND or INBOUND' })
  .meta({ optionLabels: { OUTBOUND: 'Sent', INBOUND: 'Received' } });

/** How an email reached the CRM: sent from it (through SMTP) or found in a connected mailbox (IMAP). */
export const mailServiceProviders = ['SMTP', 'IMAP'] as const;

/** What became of a sent email's delivery, as the outbox tells it (a received one or a draft has none). */
export const deliveryStatuses = ['QUEUED', 'SENT', 'LOGGED', 'FAILED'] as const;

export const subjectRequired = 'Please provide subject';
export const bodyRequired = 'Please provide email body';
export const recipientRequired = 'Please choose at least one recipient';
export const sentEmailUnchanged = 'A sent or received email cannot be changed: only its bookmark';

/** The most recipients one send reaches (each is mailed on their own): a CRM is no mailing list. */
export const maxRecipientsPerSend = 50;

const addressEmail = z
  .string({ error: 'Please enter email' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter email')
  .max(320)
  .pipe(z.email('Please enter a valid email'));

/** An email address entry (crm.md §3 Email): the address, what kind it is and a note. */
export const emailAddressEntry = z.object({
  email: addressEmail,
  /** Whose address it is, as the CRM found it: a Contact, a Candidate, a staff member (User) or typed. */
  type: z.string().trim().max(50).optional().nullable(),
  /** The name shown beside it, or anything said of it. */
  remarks: z.string().trim().max(300).optional().nullable(),
});
export type EmailAddressEntry = z.infer<typeof emailAddressEntry>;

const addresses = z.array(emailAddressEntry).max(maxRecipientsPerSend);

/** What a draft holds; the body is rich text (sanitised by the server). */
const draft = z.object({
  subject: z.string({ error: subjectRequired }).trim().min(1, subjectRequired).max(300),
  textHtml: z.string().max(200_000).optional().nullable(),
  toEmails: addresses.optional(),
  ccEmails: addresses.optional(),
  contactIds: z.array(mongoId('contactId')).max(maxRecipientsPerSend).optional(),
  relatedTo: relatedToList.optional(),
  attachments: z.array(uploadedFile).max(10).optional(),
});

/**
 * An email (crm.md §3 Email): one sent from the CRM, one found in a staff member's connected mailbox,
 * or a draft. It belongs to its staff member (the owner: the sender, or the mailbox's holder) and
 * shows on every record it concerns: the contacts it went to or came from (`contactIds`) and the
 * records of `relatedTo` (the candidates among its addresses, a job it was about). `threadId` is
 * the Message-ID of the first message of its conversation. A sent or received email is what was
 * said: only its bookmark changes; a draft changes until it is sent.
 */
export const email = defineResource({
  name: 'Email',
  table: 'emails',
  tenancy: 'organisation',
  access: { module: 'Email' },
  itemIdPrefix: 'EML',
  labelField: 'subject',
  references: { contactIds: { resource: 'Contact', expandAs: 'contacts' } },
  relatedTo: 'relatedTo',
  fields: z.object({
    subject: z.string(),
    textHtml: z.string().nullable(),
    /** The start of the body in plain words, for lists. */
    snippet: z.string().nullable(),
    fromEmail: z.string().nullable(),
    toEmails: z.array(emailAddressEntry),
    ccEmails: z.array(emailAddressEntry),
    contactIds: z.array(z.string()),
    relatedTo: relatedToList,
    direction: emailDirection,
    /** When it was sent or received (for a draft, last saved). */
    date: z.string(),
    threadId: z.string().nullable(),
    messageId: z.string().nullable(),
    inReplyTo: z.string().nullable(),
    isBookMarked: z.boolean(),
    inDraft: z.boolean(),
    attachments: z.array(uploadedFile),
    mailServiceProvider: z.enum(mailServiceProviders).nullable(),
    /** The template it was written from, if any. */
    templateId: z.string().nullable(),
    /** For a sent email: what became of its delivery (the outbox's word). */
    deliveryStatus: z.enum(deliveryStatuses).nullable().optional(),
  }),
  computed: ['deliveryStatus'],
  create: draft
    .extend({
      toEmails: draft.shape.toEmails.default([]),
      ccEmails: draft.shape.ccEmails.default([]),
      contactIds: draft.shape.contactIds.default([]),
      relatedTo: draft.shape.relatedTo.default([]),
      attachments: draft.shape.attachments.default([]),
    })
    .strict(),
  update: draft.partial().extend({ _id: mongoId(), isBookMarked: z.boolean().optional() }).strict(),
  // The newest mail first, whenever it reached the CRM.
  order: [{ field: 'date', direction: 'desc' }],
  search: ['subject', 'snippet', 'fromEmail', 'toEmails', 'ccEmails'],
  filters: {
    direction: filterValue(emailDirection),
    isBookMarked: filterValue(z.boolean()),
    inDraft: filterValue(z.boolean()),
    contactIds: filterId('contactId'),
    relatedTo: filterRelatedTo,
    ownerId: filterId('ownerId'),
    threadId: filterValue(z.string().max(1000)),
    date: filterDateRange,
  },
  screen: { area: 'crm', path: 'emails', menu: { label: 'Inbox', icon: 'inbox', order: 45 } },
  calls: {
    create: { method: 'POST', path: '/email/', who: ['CRM_USER'], summary: 'Saves a draft (an extra call)' },
    update: {
      method: 'PUT',
      path: '/email/',
      who: ['CRM_USER'],
      summary: 'Bookmarks an email, or changes a draft (an extra call)',
    },
    details: { method: 'POST', path: '/email/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/email/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/email/delete', who: ['CRM_USER'], summary: 'Deletes an email or a draft (an extra call)' },
  },
});

/** A typed address to send to, with the name to greet. */
const typedRecipient = z.object({
  email: addressEmail,
  name: z.string().trim().max(200).optional().nullable(),
});

/**
 * Sends an email to the chosen contacts, candidates and typed addresses, each on their own (one mail
 * and one Email record per recipient, its `{{variables}}` filled for them), copied to `cc`.
 */
export const sendEmail = defineWorkflow({
  name: 'sendEmail',
  tag: 'Email',
  method: 'POST',
  path: '/email/send',
  who: ['CRM_USER'],
  access: { module: 'Email' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Sends an email to contacts, candidates and addresses, one mail each, filled per recipient',
  input: z
    .object({
      contactIds: z.array(mongoId('contactId')).max(maxRecipientsPerSend).default([]),
      candidateIds: z.array(mongoId('candidateId')).max(maxRecipientsPerSend).default([]),
      to: z.array(typedRecipient).max(maxRecipientsPerSend).default([]),
      cc: z.array(addressEmail).max(10).default([]),
      subject: z.string({ error: subjectRequired }).trim().min(1, subjectRequired).max(300),
      body: z.string({ error: bodyRequired }).trim().min(1, bodyRequired).max(200_000),
      /** The template it was written from (recorded on the email). */
      templateId: mongoId('templateId').optional().nullable(),
      /** The job it is about: `{{jobTitle}}` is its title, and each email is related to it. */
      jobId: mongoId('jobId').optional().nullable(),
      /** More records it concerns (a client, a lead). */
      relatedTo: relatedToList.default([]),
      /** The email it answers: the new one joins its thread. */
      inReplyToId: mongoId('inReplyToId').optional().nullable(),
      /** A draft this sends: it is sent as it is now, and deleted. */
      draftId: mongoId('draftId').optional().nullable(),
      attachments: z.array(uploadedFile).max(10).default([]),
    })
    .strict()
    .superRefine((input, context) => {
      const count = input.contactIds.length + input.candidateIds.length + input.to.length;
      if (count === 0) context.addIssue({ code: 'custom', path: ['contactIds'], message: recipientRequired });
      if (count > maxRecipientsPerSend) {
        context.addIssue({ code: 'custom', path: ['contactIds'], message: `At most ${maxRecipientsPerSend} recipients at once` });
      }
    }),
  output: z.object({ sent: z.number().int(), emails: z.array(z.object({ _id: z.string() }).passthrough()) }),
});

export const hostRequired = 'Please enter the mail server';
export const fromEmailRequired = 'Please enter the address mail is sent from';

/** An organisation's own SMTP server, as its admin sees it: never the password, only whether one is kept. */
export const smtpSettingsAnswer = z
  .object({
    host: z.string(),
    port: z.number().int(),
    secure: z.boolean(),
    username: z.string().nullable(),
    hasPassword: z.boolean(),
    fromEmail: z.string(),
    fromName: z.string().nullable(),
    updatedAt: z.string(),
  })
  .nullable();

/** The organisation's SMTP server, or null while its mail goes through the platform's. */
export const smtpSettingsDetails = defineWorkflow({
  name: 'smtpSettingsDetails',
  tag: 'Email',
  method: 'POST',
  path: '/email/smtp-settings/details',
  who: ['CRM_USER'],
  access: { module: 'Email' },
  tenancy: 'organisation',
  level: 'FULL',
  summary: 'The organisation’s own SMTP server, without its password (an extra call)',
  input: z.object({}).strict().optional(),
  output: smtpSettingsAnswer,
});

/**
 * Sets the SMTP server the organisation's mail goes through (its emails, invitations and
 * reminders), and the address it is sent from; a password left out keeps the one stored.
 */
export const saveSmtpSettings = defineWorkflow({
  name: 'saveSmtpSettings',
  tag: 'Email',
  method: 'PUT',
  path: '/email/smtp-settings',
  who: ['CRM_USER'],
  access: { module: 'Email' },
  tenancy: 'organisation',
  level: 'FULL',
  summary: 'Sends the organisation’s mail through its own SMTP server (an extra call)',
  input: z
    .object({
      host: z.string({ error: hostRequired }).trim().min(1, hostRequired).max(255),
      port: z.number({ error: 'Port must be a number from 1 to 65535' }).int().min(1).max(65_535),
      /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
      secure: z.boolean().default(false),
      username: z.string().trim().max(320).optional().nullable(),
      /** Left out, the stored one is kept; null removes it. */
      password: z.string().max(1000).optional().nullable(),
      fromEmail: z
        .string({ error: fromEmailRequired })
        .trim()
        .toLowerCase()
        .min(1, fromEmailRequired)
        .pipe(z.email('Please enter a valid email')),
      fromName: z.string().trim().max(200).optional().nullable(),
    })
    .strict(),
  output: smtpSettingsAnswer,
});

/** The organisation's mail goes through the platform's SMTP server again. */
export const removeSmtpSettings = defineWorkflow({
  name: 'removeSmtpSettings',
  tag: 'Email',
  method: 'POST',
  path: '/email/smtp-settings/delete',
  who: ['CRM_USER'],
  access: { module: 'Email' },
  tenancy: 'organisation',
  level: 'FULL',
  summary: 'Sends the organisation’s mail through the platform’s SMTP server again (an extra call)',
  input: z.object({}).strict().optional(),
  output: smtpSettingsAnswer,
});
