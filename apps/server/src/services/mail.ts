import type { IdName, RelatedTo } from '@app/contract/conventions/common';
import type { MailKind, MailPriority } from '@app/contract/resources/crm/sent-mail';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../db/client';
import { organisationMailSettings } from '../db/schema/email';
import { type MailAlternative, type MailAttachment, type MailEnvelope, mailOutbox } from '../db/schema/services';
import { newId } from '../engine/ids';
import { type JobQueue, jobPriorities } from './job-queue';
import type { StoredSecrets } from './stored-secrets';

/** Mail sent for an organisation's work: its admin sees to whom, what, when, by whom and about what (never the body). */
export type SentFor = {
  organisationId: string;
  /** The staff member whose action sent it; null for the system's own (a reminder falling due). */
  by: { id: string; name: string } | null;
  kind: MailKind;
  relatedTo?: RelatedTo[];
  /** The address is none of the organisation's staff, contacts or candidates. */
  outside?: boolean;
};

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  alternatives?: MailAlternative[];
  /** The staff member's name it goes out under, where replies go, who is copied, what it answers. */
  envelope?: MailEnvelope;
  /**
   * URGENT for what a person waits for (one-time codes, password resets, temporary credentials,
   * sign-in links), BULK for what many get at once (invitations, reminders, notifications); NORMAL
   * when not said. Among queued mail URGENT goes first, then NORMAL, then BULK.
   */
  priority?: MailPriority;
  sentFor?: SentFor;
};

const jobPriorityOf: Record<MailPriority, number> = {
  URGENT: jobPriorities.urgent,
  NORMAL: jobPriorities.normal,
  BULK: jobPriorities.bulk,
};

/** The outbox row of a mail: its content and, for an organisation's mail, whose it is. */
const rowOf = (id: string, mail: Mail, status: SentMail['status'], error?: string): typeof mailOutbox.$inferInsert => {
  const { sentFor } = mail;
  const by: IdName | null = sentFor?.by ? { _id: sentFor.by.id, name: sentFor.by.name } : null;
  return {
    id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    attachments: mail.attachments ?? null,
    alternatives: mail.alternatives ?? null,
    envelope: mail.envelope ?? null,
    status,
    error: error ?? null,
    priority: mail.priority ?? 'NORMAL',
    kind: sentFor?.kind ?? null,
    organisationId: sentFor?.organisationId ?? null,
    ownerId: sentFor?.by?.id ?? null,
    createdBy: by,
    relatedTo: sentFor?.relatedTo ?? null,
    outside: sentFor?.outside ?? false,
  };
};

/** What nodemailer is handed for a mail (exported so a test can compile the MIME message it makes). */
export const messageOf = (mail: Mail & { from: string | { name: string; address: string }; messageId: string }) => {
  const { from, to, subject, text, html, attachments, alternatives, messageId, envelope } = mail;
  return {
    from,
    to,
    subject,
    text,
    messageId,
    ...(envelope?.replyTo ? { replyTo: envelope.replyTo } : {}),
    ...(envelope?.cc?.length ? { cc: envelope.cc } : {}),
    ...(envelope?.inReplyTo ? { inReplyTo: envelope.inReplyTo } : {}),
    ...(envelope?.references?.length ? { references: envelope.references } : {}),
    ...(html ? { html } : {}),
    ...(attachments?.length ? { attachments } : {}),
    ...(alternatives?.length ? { alternatives } : {}),
  };
};

/** A mail as recorded: its outbox row, the Message-ID it goes out with, and what became of it so far. */
export type SentMail = { id: string; messageId: string; status: 'QUEUED' | 'SENT' | 'LOGGED' | 'FAILED' };

/** `<id@domain>` with the domain of the From address, so a reply's thread can be traced back to the outbox row. */
const messageIdOf = (id: string, from: string) => `<${id}@${from.match(/@([^>\s]+)/)?.[1] ?? 'localhost'}>`;

/** The address of a From header written `Name <address>` (or a bare address). */
const addressOf = (from: string) => from.match(/<([^>]+)>/)?.[1] ?? from.trim();

/**
 * The From a mail goes out with: the organisation's own address through its own SMTP server, else
 * the platform's (MAIL_FROM), under the staff member's name when it is their email (replies go to
 * them by Reply-To: the platform's address is the one its mail server may send as).
 */
const fromOf = (input: {
  platformFrom: string;
  organisation?: { fromEmail: string; fromName: string | null } | null;
  fromName?: string;
}) => {
  if (input.organisation) {
    const name = input.fromName ?? input.organisation.fromName;
    return name ? { name, address: input.organisation.fromEmail } : input.organisation.fromEmail;
  }
  return input.fromName ? { name: input.fromName, address: addressOf(input.platformFrom) } : input.platformFrom;
};

/** A mail server that is down for a few hours delays mail and loses none: 10 attempts span about three hours. */
const mailAttempts = 10;

/**
 * Every mail is recorded in the outbox. `send` queues it (the outbox row QUEUED and a `mail` job, on
 * the caller's handle, so in a transaction both exist only if it commits); the job sends it by SMTP
 * when SMTP_URL is set, retried with backoff while the server refuses, or else marks it LOGGED, kept
 * where a developer can still follow a reset link. The log names the recipient and subject only:
 * bodies carry codes, links and temporary passwords.
 */
export const createMailer = (input: {
  db: Db;
  queue: JobQueue;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  secrets: StoredSecrets;
}) => {
  const transport = input.smtpUrl ? nodemailer.createTransport(input.smtpUrl) : null;
  /** Each organisation's own SMTP transport, made again whenever its settings change. */
  const organisationTransports = new Map<string, { version: number; transport: nodemailer.Transporter }>();
  /**
   * The transport and From of an organisation's mail: its own SMTP server when it has one set
   * (the `/email/smtp-settings` call), else the platform's.
   */
  const routeOf = async (organisationId: string | null) => {
    if (!organisationId) return null;
    const [settings] = await input.db
      .select()
      .from(organisationMailSettings)
      .where(eq(organisationMailSettings.organisationId, organisationId));
    if (!settings) {
      organisationTransports.get(organisationId)?.transport.close();
      organisationTransports.delete(organisationId);
      return null;
    }
    const version = settings.updatedAt.getTime();
    let held = organisationTransports.get(organisationId);
    if (held?.version !== version) {
      held?.transport.close();
      const password = settings.passwordEncrypted ? input.secrets.open(settings.passwordEncrypted) : undefined;
      held = {
        version,
        transport: nodemailer.createTransport({
          host: settings.host,
          port: settings.port,
          secure: settings.secure,
          ...(settings.username ? { auth: { user: settings.username, pass: password ?? '' } } : {}),
        }),
      };
      organisationTransports.set(organisationId, held);
    }
    return { transport: held.transport, organisation: settings };
  };
  const setStatus = (id: string, values: Partial<typeof mailOutbox.$inferInsert>) =>
    input.db
      .update(mailOutbox)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(mailOutbox.id, id));

  input.queue.handle('mail', async (job) => {
    const { outboxId } = job.payload as { outboxId: string };
    const [mail] = await input.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    // A job run again after its process stopped finds its mail already sent.
    if (mail?.status !== 'QUEUED') return;
    const summary = { to: mail.to, subject: mail.subject };
    const route = await routeOf(mail.organisationId);
    const sender = route?.transport ?? transport;
    if (!sender) {
      await setStatus(mail.id, { status: 'LOGGED' });
      input.log.info({ mail: summary }, 'mail kept in the outbox (no SMTP_URL)');
      return;
    }
    try {
      await sender.sendMail(
        messageOf({
          ...mail,
          html: mail.html ?? undefined,
          attachments: mail.attachments ?? undefined,
          alternatives: mail.alternatives ?? undefined,
          envelope: mail.envelope ?? undefined,
          from: fromOf({ platformFrom: input.from, organisation: route?.organisation, fromName: mail.envelope?.fromName }),
          messageId: messageIdOf(mail.id, input.from),
        }),
      );
    } catch (error) {
      if (job.isLastAttempt) input.log.error({ err: error, mail: summary, attempts: job.attempts }, 'mail could not be sent: given up');
      await setStatus(mail.id, { status: job.isLastAttempt ? 'FAILED' : 'QUEUED', error: String(error) });
      throw error;
    }
    await setStatus(mail.id, { status: 'SENT', error: null });
  });

  return {
    /** Queues a mail on `db` (pass the transaction the mail belongs to); it goes out once that commits. */
    async send(db: Executor, mail: Mail): Promise<SentMail> {
      const id = newId();
      await db.insert(mailOutbox).values(rowOf(id, mail, 'QUEUED'));
      await input.queue.enqueue(
        db,
        'mail',
        { outboxId: id },
        { maxAttempts: mailAttempts, priority: jobPriorityOf[mail.priority ?? 'NORMAL'] },
      );
      return { id, messageId: messageIdOf(id, input.from), status: 'QUEUED' };
    },

    /**
     * Sends at once, in the request, with no retry: for a caller that must tell the user whether the
     * SMTP server took the mail (the contact reply). Recorded in the outbox all the same.
     */
    async sendNow(mail: Mail): Promise<SentMail> {
      const id = newId();
      const messageId = messageIdOf(id, input.from);
      if (!transport) {
        await input.db.insert(mailOutbox).values(rowOf(id, mail, 'LOGGED'));
        input.log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail kept in the outbox (no SMTP_URL)');
        return { id, messageId, status: 'LOGGED' };
      }
      try {
        await transport.sendMail(messageOf({ ...mail, from: input.from, messageId }));
        await input.db.insert(mailOutbox).values(rowOf(id, mail, 'SENT'));
        return { id, messageId, status: 'SENT' };
      } catch (error) {
        input.log.error({ err: error, mail: { to: mail.to, subject: mail.subject } }, 'mail could not be sent');
        await input.db.insert(mailOutbox).values(rowOf(id, mail, 'FAILED', String(error)));
        return { id, messageId, status: 'FAILED' };
      }
    },

    /** No SMS gateway is configured: text messages are kept in the outbox (the log names the number only). */
    async sms(db: Executor, message: { to: string; text: string }) {
      await db.insert(mailOutbox).values({ id: newId(), to: message.to, subject: 'SMS', text: message.text, status: 'LOGGED' });
      input.log.info({ sms: { to: message.to } }, 'text message kept in the outbox (no SMS gateway)');
    },

    close: () => {
      transport?.close();
      for (const held of organisationTransports.values()) held.transport.close();
    },
  };
};

export type Mailer = ReturnType<typeof createMailer>;
