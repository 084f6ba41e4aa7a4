import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/services';
import { newId } from '../engine/ids';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** A mail as recorded: its outbox row, the Message-ID it went out with, and what became of it. */
export type SentMail = { id: string; messageId: string; status: 'SENT' | 'LOGGED' | 'FAILED' };

/** `<id@domain>` with the domain of the From address, so a reply's thread can be traced back to the outbox row. */
const messageIdOf = (id: string, from: string) => `<${id}@${from.match(/@([^>\s]+)/)?.[1] ?? 'localhost'}>`;

/**
 * Sends by SMTP when SMTP_URL is set; otherwise keeps the mail in the database outbox, where a
 * developer can still follow a reset link. Every mail is recorded in the outbox. The log names the
 * recipient and subject only: bodies carry codes, links and temporary passwords.
 */
export const createMailer = (input: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }) => {
  const transport = input.smtpUrl ? nodemailer.createTransport(input.smtpUrl) : null;
  return {
    async send(mail: Mail): Promise<SentMail> {
      const id = newId();
      const messageId = messageIdOf(id, input.from);
      if (!transport) {
        await input.db.insert(mailOutbox).values({ id, ...mail, status: 'LOGGED' });
        input.log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail kept in the outbox (no SMTP_URL)');
        return { id, messageId, status: 'LOGGED' };
      }
      try {
        await transport.sendMail({ from: input.from, ...mail, messageId });
        await input.db.insert(mailOutbox).values({ id, ...mail, status: 'SENT' });
        return { id, messageId, status: 'SENT' };
      } catch (error) {
        input.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
        await input.db.insert(mailOutbox).values({ id, ...mail, status: 'FAILED', error: String(error) });
        return { id, messageId, status: 'FAILED' };
      }
    },
    /** No SMS gateway is configured: text messages are kept in the outbox (the log names the number only). */
    async sms(input2: { to: string; text: string }) {
      await input.db.insert(mailOutbox).values({ id: newId(), to: input2.to, subject: 'SMS', text: input2.text, status: 'LOGGED' });
      input.log.info({ sms: { to: input2.to } }, 'text message kept in the outbox (no SMS gateway)');
    },
    close: () => transport?.close(),
  };
};

export type Mailer = ReturnType<typeof createMailer>;
