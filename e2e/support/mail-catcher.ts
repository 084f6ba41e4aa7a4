import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One MIME part of a caught mail: its content type and its body decoded. */
export type MailPart = { contentType: string; filename?: string; body: string };
export type CaughtMail = { to: string; subject: string; parts: MailPart[]; raw: string };

const headersOf = (head: string) => {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
};

const decode = (body: string, encoding: string) => {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
};

/** Splits a MIME entity into its leaf parts, decoded: enough of MIME to read what nodemailer writes. */
const partsOf = (entity: string): MailPart[] => {
  const split = entity.search(/\r?\n\r?\n/);
  const head = split < 0 ? entity : entity.slice(0, split);
  const body = split < 0 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = headersOf(head);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => partsOf(chunk.replace(/^\r?\n/, '')));
  }
  const filename = (headers.get('content-disposition') ?? contentType).match(/(?:file)?name="?([^";]+)"?/i)?.[1];
  return [
    {
      contentType: contentType.split(';')[0]?.trim().toLowerCase() ?? '',
      ...(filename ? { filename } : {}),
      body: decode(body, (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()),
    },
  ];
};

const parse = (raw: string): CaughtMail => {
  const headers = headersOf(raw.slice(0, raw.search(/\r?\n\r?\n/)));
  return { to: headers.get('to') ?? '', subject: headers.get('subject') ?? '', parts: partsOf(raw), raw };
};

/**
 * A local SMTP server for a journey: the server under test is started with SMTP_URL pointing here, so
 * its mail goes out the way it does in production (the outbox, the mail job, SMTP) and the journey
 * reads what a person would find in their inbox.
 */
export const startMailCatcher = async () => {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        text += chunk;
      });
      stream.on('end', () => {
        mails.push(parse(text));
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  /** The first mail to `to` whose subject matches, waiting for the mail job to send it. */
  const waitForMail = async (to: string, subject: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      const mail = mails.find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject));
      if (mail) return mail;
      if (Date.now() > deadline) {
        throw new Error(
          `No mail to ${to} with a subject like ${subject} (caught: ${mails.map((m) => `${m.to} "${m.subject}"`).join(', ')})`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
