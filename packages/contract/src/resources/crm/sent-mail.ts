import { z } from 'zod';
import { relatedTo } from '../../conventions/common';
import { filterDateRange, filterId, filterRelatedTo, filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';

/**
 * Which mail goes first when many wait: URGENT (one-time codes, password resets, temporary
 * credentials, sign-in links) before NORMAL before BULK (invitations, reminders, notifications).
 */
export const mailPriorities = ['URGENT', 'NORMAL', 'BULK'] as const;
export type MailPriority = (typeof mailPriorities)[number];

/** What an organisation's mail is, as its admin sees it in the sent-mail list. */
export const mailKinds = [
  'EVENT_INVITATION',
  'EVENT_UPDATE',
  'EVENT_CANCELLATION',
  'TASK_REMINDER',
  'TASK_ASSIGNED',
  'NOTE',
  'JOB_APPLICANT_EMAIL',
  'JOB_APPLICANT_REJECTION',
  'JOB_APPLICANT_OFFER_LETTER',
  'INTERVIEW_INVITATION',
  'INTERVIEW_UPDATE',
  'INTERVIEW_CANCELLATION',
  'INTERVIEW_FEEDBACK_REQUEST',
  'CANDIDATE_INFORMATION_FORM_REQUEST',
  /** An email staff wrote and sent from the CRM (`/email/send`). */
  'EMAIL',
] as const;
export type MailKind = (typeof mailKinds)[number];

export const mailStatuses = ['QUEUED', 'SENT', 'LOGGED', 'FAILED'] as const;

/**
 * Outside attendees (an address that is none of the organisation's staff, contacts or candidates)
 * one event may have: an event is no mailing list.
 */
export const maxOutsideAttendeesPerEvent = 50;
/** Outside addresses one staff member may send a new invitation to in a rolling hour, over all events. */
export const maxOutsideInvitationsPerHour = 200;

export const tooManyOutsideAttendees = `An event can have at most ${maxOutsideAttendeesPerEvent} attendees from outside the organisation (staff, contacts and candidates do not count).`;
export const tooManyOutsideInvitations = `You can invite at most ${maxOutsideInvitationsPerHour} people from outside the organisation in an hour. Please try again later.`;

/**
 * The mail the organisation's work sent (invitations, reminders, notes): to whom, what,
 * when, by whom and about which record, never the body (it may carry a link or a password). Written
 * by the mailer, only ever read through this list, by the organisation admin or a role given the
 * audit module's "Sent mail" feature (OWN scope: the mail one's own actions sent).
 */
export const sentMail = defineResource({
  name: 'SentMail',
  table: 'mail_outbox',
  tenancy: 'organisation',
  access: { module: 'EntityLog', feature: 'Sent mail' },
  systemFields: ['organisationId', 'ownerId', 'createdBy', 'createdAt'],
  fields: z.object({
    to: z.string(),
    subject: z.string(),
    status: z.enum(mailStatuses),
    priority: z.enum(mailPriorities),
    kind: z.enum(mailKinds).nullable(),
    /** The recipient was none of the organisation's staff, contacts or candidates. */
    outside: z.boolean(),
    /** The record the mail is about (the event of an invitation). */
    relatedTo: z.array(relatedTo).nullable(),
  }),
  create: z.never(),
  update: z.never(),
  search: ['to', 'subject'],
  filters: {
    kind: filterValue(z.enum(mailKinds)),
    status: filterValue(z.enum(mailStatuses)),
    outside: filterValue(z.boolean()),
    ownerId: filterId('ownerId'),
    relatedTo: filterRelatedTo,
    createdAt: filterDateRange,
  },
  screen: { area: 'crm', path: 'sent-mail', menu: { label: 'Sent mail', icon: 'mail-forward', order: 130 } },
  calls: {
    list: {
      method: 'POST',
      path: '/crm/sent-mail/list',
      who: ['CRM_USER'],
      summary: 'The mail the organisation’s work sent, newest first',
    },
  },
});
