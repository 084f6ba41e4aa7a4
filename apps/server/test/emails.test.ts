import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { contact } from '@app/contract/resources/crm/contact';
import {
  bodyRequired,
  email,
  recipientRequired,
  removeSmtpSettings,
  saveSmtpSettings,
  sendEmail,
  sentEmailUnchanged,
  smtpSettingsDetails,
  subjectRequired,
} from '@app/contract/resources/crm/email';
import { templateVariables } from '@app/contract/resources/crm/email-template';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organisationMailSettings } from '../src/db/schema/email';
import { mailOutbox } from '../src/db/schema/services';
import { aCandidate } from './support/candidates';
import { aCrmJob } from './support/hiring';
import { mailTo } from './support/outbox';
import { call, startTestApp, type TestApp } from './support/test-app';
import { aUser, aWorld, unique, type World } from './support/world';

/** A mail server that takes mail (or refuses it for now, 451, while `refusing`), and, given a password, asks for it. */
const startSmtpServer = async (login?: { user: string; pass: string }) => {
  const state = { refusing: false, received: [] as { to: string[]; text: string }[] };
  const server = new SMTPServer({
    authOptional: !login,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk) => {
        text += chunk;
      });
      stream.on('end', () => {
        if (state.refusing) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        state.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { state, port, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** The message a listener received for an address with a subject (the raw MIME text), once it has. */
const receivedBy = (smtp: Smtp, to: string, subject: string) =>
  smtp.state.received.find((mail) => mail.to.includes(to) && mail.text.includes(`Subject: ${subject}`));

/** A MIME text's body parts, quoted-printable undone, so words split across lines read whole. */
const decoded = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

let smtp: Smtp;
let t: TestApp;
let w: World;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    config: {
      smtpUrl: smtp.url,
      mailFrom: 'Platform <no-reply@example.com>',
      jobQueue: { pollMs: 100, retryBaseMs: 1500, retryMaxMs: 3000 },
    },
  });
  w = await aWorld(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (input: Record<string, unknown>, token = w.orgA.adminToken) => call(t.app, sendEmail, input, token);

/** Every variable, written into a subject and a body. */
const everyVariable = templateVariables.map((variable) => `${variable.key}=[{{${variable.key}}}]`).join(' ');

const aContact = async (token: string, input: Record<string, unknown> = {}) => {
  const made = await call(
    t.app,
    contact.calls.create!,
    {
      profile: { name: { first: 'Cleo', last: 'Contact' }, email: `${unique('cleo')}@client.example`, designation: 'Head of Talent' },
      ...input,
    },
    token,
  );
  if (made.status !== 200) throw new Error(`contact not made: ${made.body.message}`);
  return made.body.data as { _id: string; profile: { email: string } };
};

describe('sending an email', () => {
  it('fills every template variable for the candidate, records one email on the candidate and the job, and mails it by SMTP', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken, {
      name: { first: 'Ellie', last: 'Nakamura' },
      email: `${unique('ellie')}@example.com`,
      address: {
        building: 'Flat 2',
        street: '12 Mill Lane',
        city: 'Leeds',
        county: 'West Yorkshire',
        postCode: 'LS1 4AB',
        country: 'United Kingdom',
      },
      preferences: { currentJobTitle: 'Data Analyst' },
    });
    const job = await aCrmJob(t.app, w.orgA.adminToken, { title: 'Lead Analyst' });
    const { status, body } = await send({
      candidateIds: [person._id],
      jobId: job._id,
      subject: 'For {{firstName}} about {{jobTitle}}',
      body: `<p>${everyVariable}</p><script>alert(1)</script>`,
    });
    expect(status).toBe(200);
    expect(body.message).toBe('Email sent to 1 recipient');
    expect(body.data.sent).toBe(1);
    const [sent] = body.data.emails;
    const filled = [
      'firstName=[Ellie]',
      'lastName=[Nakamura]',
      `organisationName=[${w.orgA.record.name}]`,
      'designation=[Data Analyst]',
      `email=[${person.email}]`,
      `phone=[${person.phone}]`,
      'building=[Flat 2]',
      'street=[12 Mill Lane]',
      'city=[Leeds]',
      'county=[West Yorkshire]',
      'postCode=[LS1 4AB]',
      'country=[United Kingdom]',
      'jobTitle=[Lead Analyst]',
    ];
    expect(filled).toHaveLength(templateVariables.length);
    expect(sent).toMatchObject({
      subject: 'For Ellie about Lead Analyst',
      direction: 'OUTBOUND',
      inDraft: false,
      mailServiceProvider: 'SMTP',
      toEmails: [{ email: person.email, type: 'Candidate', remarks: 'Ellie Nakamura' }],
      relatedTo: expect.arrayContaining([
        expect.objectContaining({ _id: person._id, entityType: 'Candidate' }),
        expect.objectContaining({ _id: job._id, entityType: 'CrmJob' }),
      ]),
    });
    for (const part of filled) expect(sent.textHtml).toContain(part);
    expect(sent.textHtml).not.toContain('<script');
    expect(sent.snippet).toContain('firstName=[Ellie]');

    // Through the outbox to the SMTP listener: the candidate receives it, from the sender, replies to them.
    const [mail] = await mailTo(t.app, person.email);
    expect(mail).toMatchObject({ status: 'SENT', subject: 'For Ellie about Lead Analyst', kind: 'EMAIL', organisationId: w.orgA.id });
    const received = receivedBy(smtp, person.email, 'For Ellie about Lead Analyst');
    expect(received).toBeDefined();
    const text = decoded(received?.text ?? '');
    for (const part of filled) expect(text).toContain(part);
    expect(text).toMatch(/^From: Ada Admin <no-reply@example\.com>/m);
    expect(text).toMatch(new RegExp(`^Reply-To: ${w.orgA.adminEmail}`, 'm'));
    expect(text).toContain(`Message-ID: ${sent.messageId}`);

    // It shows on the candidate's page, with its delivery.
    const onCandidate = await call(t.app, email.calls.list!, { filter: { relatedTo: person._id } }, w.orgA.adminToken);
    expect(onCandidate.body.data.results.map((row: { _id: string }) => row._id)).toEqual([sent._id]);
    expect(onCandidate.body.data.results[0].deliveryStatus).toBe('SENT');
  });

  it('mails each recipient on their own, filled for them: contacts, candidates and typed addresses, the known ones linked', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken, { name: { first: 'Omar', last: 'Farouk' } });
    const typedCandidate = await aCandidate(t.app, w.orgA.adminToken, { name: { first: 'Tess', last: 'Typed' } });
    const hiringManager = await aContact(w.orgA.adminToken);
    const outsider = `${unique('someone')}@elsewhere.example`;
    const cc = `${unique('colleague')}@example.com`;
    const { status, body } = await send({
      candidateIds: [person._id],
      contactIds: [hiringManager._id],
      to: [{ email: typedCandidate.email.toUpperCase() }, { email: outsider, name: 'Sam Jones' }],
      cc: [cc],
      subject: 'Hello {{firstName}}',
      body: '<p>Dear {{firstName}} {{lastName}},</p><p>See you soon.</p>',
    });
    expect(status).toBe(200);
    expect(body.data.sent).toBe(4);
    const bySubject = Object.fromEntries(body.data.emails.map((row: { subject: string }) => [row.subject, row]));
    expect(Object.keys(bySubject).sort()).toEqual(['Hello Cleo', 'Hello Omar', 'Hello Sam', 'Hello Tess']);
    expect(bySubject['Hello Cleo']).toMatchObject({
      contactIds: [hiringManager._id],
      toEmails: [{ email: hiringManager.profile.email, type: 'Contact' }],
    });
    expect(bySubject['Hello Tess'].relatedTo).toEqual([expect.objectContaining({ _id: typedCandidate._id, entityType: 'Candidate' })]);
    expect(bySubject['Hello Sam']).toMatchObject({
      relatedTo: [],
      contactIds: [],
      toEmails: [{ email: outsider, type: null, remarks: 'Sam Jones' }],
    });
    expect(bySubject['Hello Sam'].textHtml).toContain('Dear Sam Jones,');
    await t.app.services.queue.drain();
    const toOmar = receivedBy(smtp, person.email, 'Hello Omar');
    expect(toOmar?.to.sort()).toEqual([cc, person.email].sort());
    expect(toOmar?.text).toContain(`Cc: ${cc}`);
    // Each hears only their own: no one else's address is on their mail.
    expect(toOmar?.text).not.toContain(outsider);
    expect(receivedBy(smtp, outsider, 'Hello Sam')?.text).not.toContain(person.email);

    const onContact = await call(t.app, email.calls.list!, { filter: { contactIds: hiringManager._id } }, w.orgA.adminToken);
    expect(onContact.body.data.results.map((row: { subject: string }) => row.subject)).toEqual(['Hello Cleo']);
  });

  it('a mail server that refuses delays the email and loses none: it goes out once the server takes mail again', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken);
    smtp.state.refusing = true;
    try {
      const { status, body } = await send({ candidateIds: [person._id], subject: 'Patience', body: '<p>Eventually.</p>' });
      expect(status).toBe(200);
      await t.app.services.queue.drain();
      const [waiting] = await t.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, person.email));
      expect(waiting).toMatchObject({ status: 'QUEUED' });
      expect(waiting?.error).toContain('Mailbox busy');
      const details = await call(t.app, email.calls.details!, { _id: body.data.emails[0]._id }, w.orgA.adminToken);
      expect(details.body.data.deliveryStatus).toBe('QUEUED');
      expect(receivedBy(smtp, person.email, 'Patience')).toBeUndefined();
    } finally {
      smtp.state.refusing = false;
    }
    await vi.waitFor(() => expect(receivedBy(smtp, person.email, 'Patience')).toBeDefined(), { timeout: 20_000, interval: 100 });
    await vi.waitFor(async () => expect((await mailTo(t.app, person.email))[0]?.status).toBe('SENT'), { timeout: 5_000, interval: 100 });
    expect(smtp.state.received.filter((mail) => mail.to.includes(person.email))).toHaveLength(1);
  });

  it('a reply joins the thread of the email it answers', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const first = await send({ candidateIds: [person._id], subject: 'Role in Leeds', body: '<p>Interested?</p>' });
    const original = first.body.data.emails[0];
    const reply = await send({
      candidateIds: [person._id],
      subject: 'Re: Role in Leeds',
      body: '<p>Following up.</p>',
      inReplyToId: original._id,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.emails[0]).toMatchObject({ threadId: original.messageId, inReplyTo: original.messageId });
    await t.app.services.queue.drain();
    expect(receivedBy(smtp, person.email, 'Re: Role in Leeds')?.text).toContain(`In-Reply-To: ${original.messageId}`);
    const thread = await call(t.app, email.calls.list!, { filter: { threadId: original.messageId } }, w.orgA.adminToken);
    expect(thread.body.data.totalResults).toBe(2);
  });

  it('answers the spec’s messages for a missing subject and body, and asks for a recipient', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const noSubject = await send({ candidateIds: [person._id], body: '<p>Hi</p>' });
    expect(noSubject).toMatchObject({ status: 400, body: { message: subjectRequired } });
    expect(subjectRequired).toBe('Please provide subject');
    const noBody = await send({ candidateIds: [person._id], subject: 'Hi', body: ' ' });
    expect(noBody).toMatchObject({ status: 400, body: { message: bodyRequired } });
    expect(bodyRequired).toBe('Please provide email body');
    const noOne = await send({ subject: 'Hi', body: '<p>Hi</p>' });
    expect(noOne).toMatchObject({ status: 400, body: { message: recipientRequired } });
  });

  it('is for staff with the Email permission only: 403 for another user type and for staff without it', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const input = { candidateIds: [person._id], subject: 'Hi', body: '<p>Hi</p>' };
    expect((await send(input, w.seeker.token)).status).toBe(403);
    const clientUser = await aUser(t.app, { userType: 'CRM_CLIENT_USER', organisationId: w.orgA.id });
    expect((await send(input, clientUser.token)).status).toBe(403);
    expect((await send(input, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, email.calls.list!, {}, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, smtpSettingsDetails, {}, w.staffA.token)).status).toBe(403);
  });

  it('another organisation’s email, contact, candidate, job or related record is a 404', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const sent = await send({ candidateIds: [person._id], subject: 'Ours', body: '<p>Ours</p>' });
    const ours = sent.body.data.emails[0]._id;
    expect((await call(t.app, email.calls.details!, { _id: ours }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, email.calls.update!, { _id: ours, isBookMarked: true }, w.orgB.adminToken)).status).toBe(404);
    expect(
      (await call(t.app, sendEmail, { candidateIds: [person._id], subject: 'x', body: 'x', inReplyToId: ours }, w.orgB.adminToken)).status,
    ).toBe(404);

    const theirCandidate = await aCandidate(t.app, w.orgB.adminToken);
    const theirContact = await aContact(w.orgB.adminToken);
    const theirJob = await aCrmJob(t.app, w.orgB.adminToken);
    const base = { candidateIds: [person._id], subject: 'x', body: '<p>x</p>' };
    expect((await send({ ...base, candidateIds: [theirCandidate._id] })).status).toBe(404);
    expect((await send({ ...base, contactIds: [theirContact._id] })).status).toBe(404);
    expect((await send({ ...base, jobId: theirJob._id })).status).toBe(404);
    const related = await send({ ...base, relatedTo: [{ _id: theirCandidate._id, entityType: 'Candidate' }] });
    expect(related.status).toBe(404);
    const draft = await call(
      t.app,
      email.calls.create!,
      { subject: 'x', relatedTo: [{ _id: theirJob._id, entityType: 'CrmJob' }] },
      w.orgA.adminToken,
    );
    expect(draft.status).toBe(404);
    // Nothing of a refused send was kept: no email, no mail.
    expect(await mailTo(t.app, theirCandidate.email)).toEqual([]);
  });
});

describe('drafts and bookmarks', () => {
  it('a draft changes until it is sent; sending it records the email and drops the draft', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const saved = await call(
      t.app,
      email.calls.create!,
      {
        subject: 'Draft for {{firstName}}',
        textHtml: '<p>Hi <img src=x onerror=alert(1)></p>',
        relatedTo: [{ _id: person._id, entityType: 'Candidate' }],
      },
      w.orgA.adminToken,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ inDraft: true, direction: 'OUTBOUND', fromEmail: w.orgA.adminEmail });
    expect(saved.body.data.textHtml).not.toContain('onerror');
    const changed = await call(
      t.app,
      email.calls.update!,
      { _id: saved.body.data._id, textHtml: '<p>Dear {{firstName}}</p>' },
      w.orgA.adminToken,
    );
    expect(changed.body.data).toMatchObject({ textHtml: '<p>Dear {{firstName}}</p>', snippet: 'Dear {{firstName}}' });
    const drafts = await call(t.app, email.calls.list!, { filter: { inDraft: true, relatedTo: person._id } }, w.orgA.adminToken);
    expect(drafts.body.data.totalResults).toBe(1);

    const sent = await send({
      candidateIds: [person._id],
      subject: 'Draft for {{firstName}}',
      body: '<p>Dear {{firstName}}</p>',
      draftId: saved.body.data._id,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.emails[0]).toMatchObject({ subject: `Draft for ${person.name.first}`, inDraft: false });
    expect((await call(t.app, email.calls.details!, { _id: saved.body.data._id }, w.orgA.adminToken)).status).toBe(404);
    const again = await send({ candidateIds: [person._id], subject: 'x', body: 'x', draftId: sent.body.data.emails[0]._id });
    expect(again.status).toBe(400);
  });

  it('a sent email is bookmarked but never rewritten', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const sent = await send({ candidateIds: [person._id], subject: 'Keep this', body: '<p>Important</p>' });
    const id = sent.body.data.emails[0]._id;
    const marked = await call(t.app, email.calls.update!, { _id: id, isBookMarked: true }, w.orgA.adminToken);
    expect(marked).toMatchObject({ status: 200, body: { data: { isBookMarked: true } } });
    const bookmarked = await call(t.app, email.calls.list!, { filter: { isBookMarked: true }, search: 'Keep this' }, w.orgA.adminToken);
    expect(bookmarked.body.data.results.map((row: { _id: string }) => row._id)).toEqual([id]);
    const rewritten = await call(t.app, email.calls.update!, { _id: id, subject: 'Something else' }, w.orgA.adminToken);
    expect(rewritten).toMatchObject({ status: 400, body: { message: sentEmailUnchanged } });
    // Search reaches the addresses too.
    const byAddress = await call(t.app, email.calls.list!, { search: person.email }, w.orgA.adminToken);
    expect(byAddress.body.data.results.map((row: { _id: string }) => row._id)).toContain(id);
  });
});

describe('the organisation’s own SMTP server', () => {
  it('sends its email through its server, signed in with the stored password, which is kept encrypted and never answered', async () => {
    const own = await startSmtpServer({ user: 'mailer', pass: 'app-password-123' });
    try {
      const saved = await call(
        t.app,
        saveSmtpSettings,
        {
          host: '127.0.0.1',
          port: own.port,
          username: 'mailer',
          password: 'app-password-123',
          fromEmail: 'Team@BrightPath.example',
          fromName: 'Brightpath',
        },
        w.orgA.adminToken,
      );
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ host: '127.0.0.1', hasPassword: true, fromEmail: 'team@brightpath.example' });
      expect(JSON.stringify(saved.body.data)).not.toContain('app-password-123');
      const [row] = await t.app.database.db
        .select()
        .from(organisationMailSettings)
        .where(eq(organisationMailSettings.organisationId, w.orgA.id));
      expect(row?.passwordEncrypted).toBeTruthy();
      expect(row?.passwordEncrypted).not.toContain('app-password-123');

      const person = await aCandidate(t.app, w.orgA.adminToken);
      await send({ candidateIds: [person._id], subject: 'Through our own server', body: '<p>Hello</p>' });
      await t.app.services.queue.drain();
      const received = receivedBy(own, person.email, 'Through our own server');
      expect(received?.text).toMatch(/^From: Ada Admin <team@brightpath\.example>/m);
      expect(receivedBy(smtp, person.email, 'Through our own server')).toBeUndefined();

      // Another organisation's mail still goes through the platform's.
      const theirs = await aCandidate(t.app, w.orgB.adminToken);
      await send({ candidateIds: [theirs._id], subject: 'Through the platform', body: '<p>Hello</p>' }, w.orgB.adminToken);
      await t.app.services.queue.drain();
      expect(receivedBy(smtp, theirs.email, 'Through the platform')).toBeDefined();

      // Changed without a password, the stored one is kept; removed, mail goes through the platform's again.
      const kept = await call(
        t.app,
        saveSmtpSettings,
        { host: '127.0.0.1', port: own.port, username: 'mailer', fromEmail: 'team@brightpath.example' },
        w.orgA.adminToken,
      );
      expect(kept.body.data.hasPassword).toBe(true);
      expect((await call(t.app, smtpSettingsDetails, {}, w.orgB.adminToken)).body.data).toBeNull();
      await call(t.app, removeSmtpSettings, {}, w.orgA.adminToken);
      expect((await call(t.app, smtpSettingsDetails, {}, w.orgA.adminToken)).body.data).toBeNull();
      await send({ candidateIds: [person._id], subject: 'Back on the platform', body: '<p>Hello</p>' });
      await t.app.services.queue.drain();
      expect(receivedBy(smtp, person.email, 'Back on the platform')).toBeDefined();
    } finally {
      await call(t.app, removeSmtpSettings, {}, w.orgA.adminToken);
      await own.close();
    }
  });
});
