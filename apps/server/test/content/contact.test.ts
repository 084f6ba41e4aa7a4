import { contactQuery, replyToContact, setContactThread } from '@app/contract/resources/content/article';
import { describe, expect, it } from 'vitest';
import { type BoardWorld, idsOf, withBoard } from '../support/job-board';
import { mailTo } from '../support/outbox';
import { call, type TestApp } from '../support/test-app';
import { unique } from '../support/world';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const { calls } = contactQuery;
const send = async (overrides: Record<string, unknown> = {}) => {
  const { status, body } = await call(t.app, calls.create!, {
    contactName: unique('Pat '),
    phone: '+44770090012',
    email: 'pat@example.com',
    content: 'Do you hire drivers?',
    ...overrides,
  });
  expect(status, body.message).toBe(200);
  return body.data as Record<string, any> & { _id: string };
};

describe('Contact queries: /contact/*', () => {
  it('anyone submits one (message is another name for content); it starts unreplied', async () => {
    const made = await send();
    expect(made).toMatchObject({ isReplied: false, status: 'NEW', email: 'pat@example.com' });
    const viaMessage = await send({ content: undefined, message: 'Via message' });
    expect(viaMessage.content).toBe('Via message');
  });

  it('asks for phone (at least 12), email and message', async () => {
    const base = { contactName: 'Pat', phone: '+44770090012', email: 'pat@example.com', content: 'Hi' };
    const short = await call(t.app, calls.create!, { ...base, phone: '0770' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Phone must be at least 12 characters.');
    const { phone: _p, ...noPhone } = base;
    expect((await call(t.app, calls.create!, noPhone)).body.data.errors[0].field).toBe('phone');
    const { email: _e, ...noEmail } = base;
    expect((await call(t.app, calls.create!, noEmail)).body.message).toBe('Please enter email');
    const { content: _c, ...noContent } = base;
    expect((await call(t.app, calls.create!, noContent)).body.message).toBe('Please enter message');
  });

  it('platform admins list and search, filter by isReplied, and record the reply thread; others are refused', async () => {
    const name = unique('Listed ');
    const a = await send({ contactName: name });
    const b = await send({ contactName: name });
    const list = await call(t.app, calls.list!, { search: name }, w.platformAdmin.token);
    expect(list.status).toBe(200);
    expect(idsOf(list.body).sort()).toEqual([a._id, b._id].sort());
    const clientId = unique('client-');
    const thread = await call(t.app, setContactThread, { _id: a._id, clientId, messageId: 'msg-1' }, w.platformAdmin.token);
    expect(thread.status, thread.body.message).toBe(200);
    expect(thread.body.data).toMatchObject({ isReplied: true, clientId, threadId: 'msg-1' });
    const replied = await call(t.app, calls.list!, { search: name, filter: { isReplied: true } }, w.root);
    expect(idsOf(replied.body)).toEqual([a._id]);
    const open = await call(t.app, calls.list!, { search: name, filter: { isReplied: false } }, w.root);
    expect(idsOf(open.body)).toEqual([b._id]);
    const byClient = await call(t.app, setContactThread, { clientId, messageId: 'msg-2' }, w.root);
    expect(byClient.status).toBe(200);
    expect(byClient.body.data[0]).toMatchObject({ _id: a._id, threadId: 'msg-2' });
    expect((await call(t.app, setContactThread, { clientId: unique('none-'), messageId: 'm' }, w.root)).status).toBe(404);
    expect((await call(t.app, setContactThread, { _id: 'a'.repeat(24), clientId, messageId: 'm' }, w.root)).status).toBe(404);
    expect((await call(t.app, setContactThread, { _id: a._id, clientId }, w.root)).body.message).toBe('messageId must be a string');
    for (const token of [w.seeker.token, w.company.token, w.crmUser.token]) {
      expect((await call(t.app, calls.list!, {}, token)).status).toBe(403);
      expect((await call(t.app, setContactThread, { _id: a._id, clientId, messageId: 'm' }, token)).status).toBe(403);
    }
    expect((await call(t.app, calls.list!, {})).status).toBe(401);
  });

  it('platform admins reply by mail: the mail is in the outbox, the thread is recorded and the query becomes REPLIED', async () => {
    const email = `${unique('asker')}@example.com`;
    const query = await send({ email, contactName: 'Pat Lee', content: 'Do you hire drivers?\nIn Leeds?' });
    const reply = { _id: query._id, subject: 'Re: drivers', message: 'Yes, we do. Have a look at our jobs page.' };
    const { status, body } = await call(t.app, replyToContact, reply, w.platformAdmin.token);
    expect(status, body.message).toBe(200);

    const [mail] = await mailTo(t.app, email);
    expect(mail).toMatchObject({ subject: 'Re: drivers' });
    expect(mail?.text).toContain('Yes, we do. Have a look at our jobs page.');
    expect(mail?.text).toContain('> In Leeds?');
    expect(body.data).toMatchObject({ _id: query._id, status: 'REPLIED', isReplied: true, clientId: mail?.id });
    expect(body.data.threadId).toMatch(new RegExp(`^<${mail?.id}@`));

    const listed = await call(t.app, calls.list!, { search: email, filter: { isReplied: true } }, w.root);
    expect(idsOf(listed.body)).toEqual([query._id]);
    // The recorded client ties later thread calls to the same query, as set-contact-thread does.
    const byClient = await call(t.app, setContactThread, { clientId: mail?.id, messageId: 'msg-later' }, w.root);
    expect(byClient.body.data[0]).toMatchObject({ _id: query._id, threadId: 'msg-later' });
  });

  it('a reply needs a known query, a subject and a message, and a platform admin', async () => {
    const query = await send();
    const good = { _id: query._id, subject: 'Hello', message: 'Thanks' };
    expect((await call(t.app, replyToContact, { ...good, _id: 'a'.repeat(24) }, w.root)).status).toBe(404);
    expect((await call(t.app, replyToContact, { ...good, subject: ' ' }, w.root)).body.message).toBe('Please enter subject');
    expect((await call(t.app, replyToContact, { ...good, message: undefined }, w.root)).body.message).toBe('Please enter message');
    expect((await call(t.app, replyToContact, { ...good, _id: 'x' }, w.root)).body.message).toBe('_id must be a valid mongoId');
    for (const token of [w.seeker.token, w.company.token, w.crmUser.token]) {
      expect((await call(t.app, replyToContact, good, token)).status).toBe(403);
    }
    expect((await call(t.app, replyToContact, good)).status).toBe(401);
    const [unchanged] = idsOf((await call(t.app, calls.list!, { search: query.contactName, filter: { isReplied: false } }, w.root)).body);
    expect(unchanged).toBe(query._id);
  });

  it('limits submissions per address (429)', async () => {
    let limited = false;
    for (let i = 0; i < 30 && !limited; i++) {
      const { status } = await call(t.app, calls.create!, { phone: '+44770090012', email: 'spam@example.com', content: `spam ${i}` });
      if (status === 429) limited = true;
      else expect(status).toBe(200);
    }
    expect(limited).toBe(true);
  });
});
