import { type Address, fullNameOf, type PersonName, type RelatedTo, type UploadedFile } from '@app/contract/conventions/common';
import type { ContactProfile } from '@app/contract/resources/crm/contact';
import {
  type EmailAddressEntry,
  email,
  removeSmtpSettings,
  saveSmtpSettings,
  sendEmail,
  sentEmailUnchanged,
  smtpSettingsDetails,
} from '@app/contract/resources/crm/email';
import { fillTemplate, type TemplateValues } from '@app/contract/resources/crm/email-template';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { crmContacts } from '../../db/schema/contacts';
import { emails, organisationMailSettings } from '../../db/schema/email';
import { crmJobs } from '../../db/schema/hiring';
import { organisations } from '../../db/schema/organisations';
import { type MailAttachment, mailOutbox } from '../../db/schema/services';
import type { Caller } from '../../engine/context';
import { writeEntityLog } from '../../engine/entity-log';
import { badRequest, notFound } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import type { ResourceHooks } from '../../engine/resource-hooks';
import { escapeHtml } from '../../services/html-page';
import { sanitizeRichText } from '../../services/sanitize';
import { templateValuesOf } from '../hiring/application-mail';
import { emailTemplateRepository } from './templates';

export const emailRepository = resourceRepository(email, emails);

type Hooks = ResourceHooks<typeof email>;

/** An email's body in plain words: paragraphs and line breaks kept, tags dropped, entities read. */
export const htmlToText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|tr|pre)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The first words of a body, for lists. */
export const snippetOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
};

/** A subject is one line, whatever a value filled into it holds. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A draft (the generic create) is the caller's outgoing mail, not yet sent: its body sanitised, its
 * snippet and date set. The send and sync workflows write sent and received mail with `inDraft` false.
 */
const beforeCreate: Hooks['beforeCreate'] = ({ values, caller }) => {
  if (values.inDraft === false) return values;
  const textHtml = values.textHtml ? sanitizeRichText(values.textHtml) : null;
  return {
    ...values,
    textHtml,
    snippet: snippetOf(htmlToText(textHtml ?? '')),
    fromEmail: caller?.email ?? null,
    direction: 'OUTBOUND',
    date: new Date(),
    inDraft: true,
    isBookMarked: false,
    mailServiceProvider: null,
  };
};

/** What was sent or received is what was said: only its bookmark changes. A draft changes until sent. */
const beforeUpdate: Hooks['beforeUpdate'] = ({ values, before }) => {
  if (!before.inDraft) {
    const changes = Object.keys(values).filter((key) => key !== 'isBookMarked');
    if (changes.length > 0) throw badRequest(sentEmailUnchanged);
    return values;
  }
  if (values.textHtml === undefined) return { ...values, date: new Date() };
  const textHtml = values.textHtml ? sanitizeRichText(values.textHtml) : null;
  return { ...values, textHtml, snippet: snippetOf(htmlToText(textHtml ?? '')), date: new Date() };
};

/** Each sent email's delivery, as the outbox tells it now. */
const afterRead: Hooks['afterRead'] = async ({ db, records }) => {
  if (records.length === 0) return records;
  const rows = await db
    .select({ id: emails.id, status: mailOutbox.status })
    .from(emails)
    .innerJoin(mailOutbox, eq(mailOutbox.id, emails.outboxId))
    .where(
      inArray(
        emails.id,
        records.map((record) => record._id),
      ),
    );
  const statusOf = new Map(rows.map((row) => [row.id, row.status]));
  return records.map((record) => ({ ...record, deliveryStatus: statusOf.get(record._id) ?? null }));
};

/** A person the CRM knows by an address: a candidate or a contact of the organisation. */
export type KnownAddress = {
  email: string;
  type: 'Candidate' | 'Contact';
  id: string;
  name: string;
  /** What an email with this address is about: the candidate, or the contact's candidate or client. */
  relatedTo: RelatedTo[];
  values: TemplateValues;
};

const contactValues = (profile: ContactProfile, organisationName: string, jobTitle: string | null): TemplateValues => {
  const address: Partial<Address> = profile.address ?? {};
  return {
    firstName: profile.name?.first,
    lastName: profile.name?.last,
    organisationName,
    designation: profile.designation,
    email: profile.email,
    phone: profile.contactNumbers?.[0]?.number,
    building: address.building,
    street: address.street,
    city: address.city,
    county: address.county,
    postCode: address.postCode,
    country: address.country,
    jobTitle,
  };
};

/** What a contact's mail is about: the candidate whose own card it is, the client it works at. */
const relatedOfContact = (contact: { relatedTo: RelatedTo[] | null }) =>
  (contact.relatedTo ?? []).filter((entry) => entry.entityType === 'Candidate' || entry.entityType === 'Client');

const candidateColumns = {
  id: candidates.id,
  name: candidates.name,
  email: candidates.email,
  phone: candidates.phone,
  address: candidates.address,
  preferences: candidates.preferences,
};
const contactColumns = { id: crmContacts.id, profile: crmContacts.profile, relatedTo: crmContacts.relatedTo };

type CandidateRow = { id: string; name: unknown; email: string; phone: string; address: Address | null; preferences: unknown };
type ContactRow = { id: string; profile: ContactProfile; relatedTo: RelatedTo[] | null };

const knownCandidate = (row: CandidateRow, organisationName: string, jobTitle: string | null): KnownAddress => ({
  email: row.email.toLowerCase(),
  type: 'Candidate',
  id: row.id,
  name: fullNameOf(row.name as PersonName),
  relatedTo: [{ _id: row.id, entityType: 'Candidate' }],
  values: { ...templateValuesOf({ person: row, jobTitle: jobTitle ?? '', organisationName }), jobTitle },
});

const knownContact = (row: ContactRow, organisationName: string, jobTitle: string | null): KnownAddress => ({
  email: (row.profile.email ?? '').toLowerCase(),
  type: 'Contact',
  id: row.id,
  name: fullNameOf(row.profile.name),
  relatedTo: relatedOfContact(row),
  values: contactValues(row.profile, organisationName, jobTitle),
});

const live = <T extends { organisationId: unknown; isDeleted: unknown }>(table: T, organisationId: string) =>
  and(eq(table.organisationId as never, organisationId), eq(table.isDeleted as never, false));

/**
 * The organisation's candidates and contacts whose address is one of `addresses` (a typed address, a
 * received mail's From, To and Cc): whom a mail is with, so it shows on their records.
 */
export const recordsOfAddresses = async (
  db: Executor,
  input: { organisationId: string; addresses: string[]; organisationName?: string; jobTitle?: string | null },
): Promise<KnownAddress[]> => {
  const wanted = [...new Set(input.addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const people = (await db
    .select(candidateColumns)
    .from(candidates)
    .where(and(live(candidates, input.organisationId), inArray(candidates.emailNormalised, wanted)))) as CandidateRow[];
  const contacts = (await db
    .select(contactColumns)
    .from(crmContacts)
    .where(
      and(live(crmContacts, input.organisationId), inArray(sql<string>`lower(${crmContacts.profile} ->> 'email')`, wanted)),
    )) as ContactRow[];
  const name = input.organisationName ?? '';
  return [
    ...people.map((row) => knownCandidate(row, name, input.jobTitle ?? null)),
    ...contacts.map((row) => knownContact(row, name, input.jobTitle ?? null)),
  ];
};

/** One person a send mails: their address, how the To line names them, their template values, what it is about. */
type Recipient = { email: string; entry: EmailAddressEntry; contactId: string | null; relatedTo: RelatedTo[]; values: TemplateValues };

const withoutRepeats = (entries: RelatedTo[]) => {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = `${entry.entityType}:${entry._id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Who a send mails, each once: the chosen contacts and candidates (another organisation's, or one
 * deleted, a 404) and the typed addresses, the latter matched to the candidates and contacts that
 * carry them. A candidate chosen with their own contact card (one address) hears once.
 */
const recipientsOf = async (
  db: Executor,
  input: {
    organisationId: string;
    organisationName: string;
    jobTitle: string | null;
    contactIds: string[];
    candidateIds: string[];
    to: { email: string; name?: string | null }[];
  },
): Promise<Recipient[]> => {
  const { organisationId, organisationName, jobTitle } = input;
  const contactIds = [...new Set(input.contactIds)];
  const candidateIds = [...new Set(input.candidateIds)];
  const contacts = contactIds.length
    ? ((await db
        .select(contactColumns)
        .from(crmContacts)
        .where(and(live(crmContacts, organisationId), inArray(crmContacts.id, contactIds)))) as ContactRow[])
    : [];
  if (contacts.length < contactIds.length) throw notFound('Contact');
  const people = candidateIds.length
    ? ((await db
        .select(candidateColumns)
        .from(candidates)
        .where(and(live(candidates, organisationId), inArray(candidates.id, candidateIds)))) as CandidateRow[])
    : [];
  if (people.length < candidateIds.length) throw notFound('Candidate');
  const typed = await recordsOfAddresses(db, {
    organisationId,
    organisationName,
    jobTitle,
    addresses: input.to.map((entry) => entry.email),
  });
  const recipients: Recipient[] = [
    ...people.map((row) => {
      const known = knownCandidate(row, organisationName, jobTitle);
      return {
        email: known.email,
        entry: { email: known.email, type: 'Candidate', remarks: known.name || null },
        contactId: null,
        relatedTo: known.relatedTo,
        values: known.values,
      };
    }),
    ...contacts.map((row) => {
      const known = knownContact(row, organisationName, jobTitle);
      return {
        email: known.email,
        entry: { email: known.email, type: 'Contact', remarks: known.name || null },
        contactId: row.id,
        relatedTo: known.relatedTo,
        values: known.values,
      };
    }),
    ...input.to.map((entry) => {
      const address = entry.email.toLowerCase();
      const matches = typed.filter((known) => known.email === address);
      // A typed address the CRM knows is filled as the record it belongs to (a candidate first).
      const best = matches.find((known) => known.type === 'Candidate') ?? matches[0];
      const words = (entry.name ?? '').trim().split(/\s+/).filter(Boolean);
      return {
        email: address,
        entry: { email: address, type: best?.type ?? null, remarks: entry.name || best?.name || null },
        contactId: best?.type === 'Contact' ? best.id : null,
        relatedTo: withoutRepeats(matches.flatMap((known) => (known.type === 'Candidate' ? known.relatedTo : known.relatedTo))),
        values: best?.values ?? {
          firstName: words[0],
          lastName: words.slice(1).join(' ') || undefined,
          organisationName,
          email: address,
          jobTitle,
        },
      };
    }),
  ].filter((recipient) => recipient.email);
  const seen = new Map<string, Recipient>();
  for (const recipient of recipients) {
    const held = seen.get(recipient.email);
    if (!held) seen.set(recipient.email, recipient);
    else held.relatedTo = withoutRepeats([...held.relatedTo, ...recipient.relatedTo]);
  }
  return [...seen.values()];
};

/** The files of an email as the mail carries them (read from storage, base64). */
const mailAttachmentsOf = async (files: { read: (blobName: string) => Promise<Buffer> }, attachments: UploadedFile[]) => {
  const out: MailAttachment[] = [];
  for (const file of attachments) {
    out.push({
      filename: file.originalName,
      contentType: file.mimeType,
      content: (await files.read(file.blobName)).toString('base64'),
      encoding: 'base64',
    });
  }
  return out;
};

const by = (caller: Caller | null) => (caller ? { _id: caller.id, name: caller.name || caller.email } : null);

type SettingsRow = typeof organisationMailSettings.$inferSelect;
const settingsAnswer = (row: SettingsRow | undefined) =>
  row
    ? {
        host: row.host,
        port: row.port,
        secure: row.secure,
        username: row.username,
        hasPassword: !!row.passwordEncrypted,
        fromEmail: row.fromEmail,
        fromName: row.fromName,
        updatedAt: row.updatedAt.toISOString(),
      }
    : null;
/** What the log keeps of the settings: never the password, only whether there is one. */
const settingsLogged = (row: SettingsRow | undefined) => {
  const answer = settingsAnswer(row);
  if (!answer) return null;
  const { updatedAt: _updatedAt, ...rest } = answer;
  return rest;
};

/**
 * `/email`: the organisation's emails (drafts through the generic calls, bookmarks through update),
 * `send`, which mails each recipient on their own through the durable outbox and records what each
 * was sent, and the organisation's own SMTP server.
 */
export const registerEmails = (app: FastifyInstance) => {
  registerResource(app, emailRepository, { hooks: { beforeCreate, beforeUpdate, afterRead } });

  registerCall(app, sendEmail, async (ctx) => {
    const { db, scope, input, services, caller } = ctx;
    const organisationId = scope.organisationId as string;
    const draft = input.draftId ? await emailRepository.get(db, scope, input.draftId) : null;
    if (draft && !draft.inDraft) throw badRequest('This email was sent already: it is no draft');
    if (input.templateId) await emailTemplateRepository.get(db, { organisationId }, input.templateId);
    const answered = input.inReplyToId ? await emailRepository.get(db, scope, input.inReplyToId) : null;
    let jobTitle: string | null = null;
    if (input.jobId) {
      const [job] = await db
        .select({ title: crmJobs.title })
        .from(crmJobs)
        .where(and(eq(crmJobs.id, input.jobId), live(crmJobs, organisationId)));
      if (!job) throw notFound('Job');
      jobTitle = job.title;
    }
    const [organisation] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId));
    const organisationName = organisation?.name ?? '';
    const recipients = await recipientsOf(db, {
      organisationId,
      organisationName,
      jobTitle,
      contactIds: input.contactIds,
      candidateIds: input.candidateIds,
      to: input.to,
    });
    const attachments = input.attachments.length ? input.attachments : ((draft?.attachments as UploadedFile[] | undefined) ?? []);
    const mailed = await mailAttachmentsOf(services.files, attachments);
    const senderName = caller?.name || undefined;
    const cc = [...new Set(input.cc)];
    const conversation = answered
      ? {
          threadId: (answered.threadId as string | null) ?? (answered.messageId as string | null),
          inReplyTo: (answered.messageId as string | null) ?? undefined,
          references: [answered.threadId, answered.messageId].filter((id, i, all): id is string => !!id && all.indexOf(id) === i),
        }
      : null;
    const made: Record<string, unknown>[] = [];
    for (const recipient of recipients) {
      const subject = oneLine(fillTemplate(input.subject, recipient.values));
      const textHtml = sanitizeRichText(fillTemplate(input.body, recipient.values, escapeHtml));
      const text = htmlToText(textHtml);
      const relatedTo = withoutRepeats([
        ...recipient.relatedTo,
        ...(input.jobId ? [{ _id: input.jobId, entityType: 'CrmJob' }] : []),
        ...input.relatedTo,
      ]);
      const sent = await services.mail.send(db, {
        to: recipient.email,
        subject,
        text,
        html: textHtml,
        ...(mailed.length ? { attachments: mailed } : {}),
        envelope: {
          ...(senderName ? { fromName: senderName } : {}),
          ...(caller?.email ? { replyTo: caller.email } : {}),
          ...(cc.length ? { cc } : {}),
          ...(conversation?.inReplyTo ? { inReplyTo: conversation.inReplyTo, references: conversation.references } : {}),
        },
        sentFor: { organisationId, by: caller ? { id: caller.id, name: caller.name || caller.email } : null, kind: 'EMAIL', relatedTo },
      });
      const record = await emailRepository.create(db, {
        ...ctx,
        values: {
          subject,
          textHtml,
          snippet: snippetOf(text),
          fromEmail: caller?.email ?? null,
          toEmails: [recipient.entry],
          ccEmails: cc.map((address) => ({ email: address, type: null, remarks: null })),
          contactIds: recipient.contactId ? [recipient.contactId] : [],
          relatedTo,
          direction: 'OUTBOUND',
          date: new Date(),
          threadId: conversation?.threadId ?? sent.messageId,
          messageId: sent.messageId,
          inReplyTo: conversation?.inReplyTo ?? null,
          isBookMarked: false,
          inDraft: false,
          attachments,
          mailServiceProvider: 'SMTP',
          templateId: input.templateId ?? null,
          outboxId: sent.id,
        },
      });
      made.push({ ...record, deliveryStatus: sent.status });
    }
    if (draft) await emailRepository.remove(db, { ...ctx, id: draft.id });
    const count = made.length;
    return new Answer({ sent: count, emails: made }, `Email sent to ${count} ${count === 1 ? 'recipient' : 'recipients'}`);
  });

  const settingsOf = async (db: Executor, organisationId: string) =>
    (await db.select().from(organisationMailSettings).where(eq(organisationMailSettings.organisationId, organisationId)))[0];

  /** The settings' change, in the organisation's log under its own name (the password never in it). */
  const logSettings = (db: Executor, input: { caller: Caller | null; organisationId: string; before?: SettingsRow; after?: SettingsRow }) =>
    writeEntityLog(db, {
      caller: input.caller,
      organisationId: input.organisationId,
      entityType: 'Email',
      action: input.after ? (input.before ? 'UPDATE' : 'CREATE') : 'DELETE',
      record: { _id: input.organisationId, subject: 'SMTP settings' } as never,
      labelField: 'subject',
      from: settingsLogged(input.before),
      to: settingsLogged(input.after),
    });

  registerCall(app, smtpSettingsDetails, async ({ db, scope }) => settingsAnswer(await settingsOf(db, scope.organisationId as string)));

  registerCall(app, saveSmtpSettings, async ({ db, scope, input, services, caller }) => {
    const organisationId = scope.organisationId as string;
    const before = await settingsOf(db, organisationId);
    const passwordEncrypted =
      input.password === undefined ? (before?.passwordEncrypted ?? null) : input.password ? services.secrets.seal(input.password) : null;
    const values = {
      host: input.host,
      port: input.port,
      secure: input.secure,
      username: input.username || null,
      passwordEncrypted,
      fromEmail: input.fromEmail,
      fromName: input.fromName || null,
      updatedBy: by(caller),
      updatedAt: new Date(),
    };
    const [after] = await db
      .insert(organisationMailSettings)
      .values({ organisationId, ...values })
      .onConflictDoUpdate({ target: organisationMailSettings.organisationId, set: values })
      .returning();
    await logSettings(db, { caller, organisationId, before, after });
    return new Answer(settingsAnswer(after), 'Mail now goes through your SMTP server');
  });

  registerCall(app, removeSmtpSettings, async ({ db, scope, caller }) => {
    const organisationId = scope.organisationId as string;
    const before = await settingsOf(db, organisationId);
    if (!before) return new Answer(null, 'Mail goes through the platform’s SMTP server');
    await db.delete(organisationMailSettings).where(eq(organisationMailSettings.organisationId, organisationId));
    await logSettings(db, { caller, organisationId, before });
    return new Answer(null, 'Mail goes through the platform’s SMTP server again');
  });
};
