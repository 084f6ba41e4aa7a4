import { login, me } from '@app/contract/resources/auth';
import { client } from '@app/contract/resources/crm/client';
import { clientCredentials, clientCredentialsReset, contactWithoutCredentials } from '@app/contract/resources/crm/client-credentials';
import { contact } from '@app/contract/resources/crm/contact';
import { task } from '@app/contract/resources/crm/task';
import { crmFeature, crmPermission } from '@app/contract/resources/crm-access';
import { changeCredentials, staffCredentialsReset } from '@app/contract/resources/organisation-staff';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { permissionId, aRole as roleOf } from './support/access';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const aClient = async (token = w.orgA.adminToken) => {
  const { status, body } = await call(
    t.app,
    client.calls.create!,
    { name: unique('Acme '), email: `${unique('talent')}@acme.example` },
    token,
  );
  expect(status, body.message).toBe(200);
  return body.data as { _id: string; name: string };
};

const aContact = async (clientId: string | null, token = w.orgA.adminToken) => {
  const email = `${unique('cleo')}@acme.example`;
  const relatedTo = clientId ? [{ _id: clientId, entityType: 'Client' }] : [];
  const { status, body } = await call(
    t.app,
    contact.calls.create!,
    { profile: { name: { first: 'Cleo', last: 'Client' }, email }, relatedTo },
    token,
  );
  expect(status, body.message).toBe(200);
  return { _id: body.data._id as string, email };
};

/** The temporary password in the newest mail to `email`, read from its own `Password: ` line. */
const mailedPassword = async (email: string) => {
  const [mail] = await mailTo(t.app, email);
  const line = mail?.text.split('\n').find((text) => text.startsWith('Password: '));
  expect(line, mail?.text).toBeDefined();
  return { mail, password: (line as string).slice('Password: '.length) };
};

/** The catalogue's WRITE permission on the Client module's Credentials feature (the Candidate module has one too). */
const clientCredentialsPermission = async () => {
  const features = await call(t.app, crmFeature.calls.list!, { limit: 'ALL', search: 'Credentials' }, w.root);
  const feature = features.body.data.results.find(
    (row: { title: string; modelName: string }) => row.title === 'Credentials' && row.modelName === 'Client',
  );
  const permissions = await call(
    t.app,
    crmPermission.calls.list!,
    { limit: 'ALL', filter: { featureId: feature._id, access_level: 'WRITE' } },
    w.root,
  );
  return permissions.body.data.results[0]._id as string;
};

const credit = async (contactId: string, token = w.orgA.adminToken) => {
  const { status, body } = await call(t.app, clientCredentials, { _id: contactId }, token);
  expect(status, body.message).toBe(200);
  return body.data as { _id: string; userId: string };
};

describe('client credentials', () => {
  it('give a contact a client-user sign-in, mailed with a Password line, that must be changed first', async () => {
    const acme = await aClient();
    const person = await aContact(acme._id);
    const answer = await credit(person._id);
    const { mail, password } = await mailedPassword(person.email);
    expect(mail?.text).toContain(`Email: ${person.email}`);
    expect(mail?.text).toContain('/login');
    expect(mail?.text).toContain('72 hours');
    const [user] = await t.app.database.db.select().from(users).where(eq(users.id, answer.userId));
    expect(user).toMatchObject({ userType: 'CRM_CLIENT_USER', clientId: acme._id, organisationId: w.orgA.id, mustChangePassword: true });
    expect(user?.passwordHash).not.toContain(password);

    const signedIn = await call(t.app, login, { email: person.email, password });
    expect(signedIn.status, signedIn.body.message).toBe(200);
    expect(signedIn.body.data.user).toMatchObject({ userType: 'CRM_CLIENT_USER', mustChangePassword: true, clientId: acme._id });
    const token = signedIn.body.data.token as string;
    expect((await call(t.app, me, {}, token)).body.data.mustChangePassword).toBe(true);
    expect((await call(t.app, client.calls.details!, { _id: acme._id }, token)).status).toBe(200);
    const details = await call(t.app, contact.calls.details!, { _id: person._id }, w.orgA.adminToken);
    expect(details.body.data.userId).toBe(answer.userId);

    const changed = await call(
      t.app,
      changeCredentials,
      { id: answer.userId, oldPassword: password, newPassword: 'Cl1ent-own-pass' },
      token,
    );
    expect(changed.status, changed.body.message).toBe(200);
    expect((await call(t.app, me, {}, token)).body.data.mustChangePassword).toBe(false);
    const again = await call(t.app, login, { email: person.email, password: 'Cl1ent-own-pass' });
    expect(again.body.data.user.mustChangePassword).toBe(false);
  });

  it('refuse a contact with credentials (409), one not related to a client (400) and a taken email (409)', async () => {
    const acme = await aClient();
    const person = await aContact(acme._id);
    await credit(person._id);
    const twice = await call(t.app, clientCredentials, { _id: person._id }, w.orgA.adminToken);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This contact already has credentials');
    const loose = await aContact(null);
    const unrelated = await call(t.app, clientCredentials, { _id: loose._id }, w.orgA.adminToken);
    expect(unrelated.status).toBe(400);
    expect(unrelated.body.message).toBe('This contact is not related to a client');
    const taken = await call(
      t.app,
      contact.calls.create!,
      { profile: { name: { first: 'Dup' }, email: w.orgA.adminEmail }, relatedTo: [{ _id: acme._id, entityType: 'Client' }] },
      w.orgA.adminToken,
    );
    const duplicate = await call(t.app, clientCredentials, { _id: taken.body.data._id }, w.orgA.adminToken);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('This email is already registered');
    const badId = await call(t.app, clientCredentials, { _id: 'x' }, w.orgA.adminToken);
    expect(badId.body.message).toBe('_id must be a valid mongoId');
  });

  it('reset mails a new password, ends the old sessions and asks for a change again', async () => {
    const acme = await aClient();
    const person = await aContact(acme._id);
    const { userId } = await credit(person._id);
    const first = await mailedPassword(person.email);
    const token = (await call(t.app, login, { email: person.email, password: first.password })).body.data.token as string;
    await call(t.app, changeCredentials, { id: userId, oldPassword: first.password, newPassword: 'Cl1ent-own-pass' }, token);
    const reset = await call(t.app, clientCredentialsReset, { _id: person._id }, w.orgA.adminToken);
    expect(reset.status, reset.body.message).toBe(200);
    const second = await mailedPassword(person.email);
    expect(second.password).not.toBe(first.password);
    expect((await call(t.app, me, {}, token)).status).toBe(401);
    const signedIn = await call(t.app, login, { email: person.email, password: second.password });
    expect(signedIn.body.data.user.mustChangePassword).toBe(true);
    const none = await call(t.app, clientCredentialsReset, { _id: (await aContact(acme._id))._id }, w.orgA.adminToken);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('This contact has no credentials yet');
  });

  it('deleting the contact switches its sign-in off and ends its sessions', async () => {
    const acme = await aClient();
    const person = await aContact(acme._id);
    const answer = await credit(person._id);
    const { password } = await mailedPassword(person.email);
    const token = (await call(t.app, login, { email: person.email, password })).body.data.token as string;
    expect((await call(t.app, me, {}, token)).status).toBe(200);

    const removed = await call(t.app, contact.calls.remove!, { _id: person._id }, w.orgA.adminToken);
    expect(removed.status, removed.body.message).toBe(200);
    expect((await call(t.app, me, {}, token)).status).toBe(401);
    expect((await call(t.app, login, { email: person.email, password })).status).not.toBe(200);
    const [user] = await t.app.database.db.select().from(users).where(eq(users.id, answer.userId));
    expect(user?.status).toBe('INACTIVE');
  });

  it('a temporary password stops working after 72 hours', async () => {
    const person = await aContact((await aClient())._id);
    const { userId } = await credit(person._id);
    const { password } = await mailedPassword(person.email);
    await t.app.database.db
      .update(users)
      .set({ temporaryPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, userId));
    const refused = await call(t.app, login, { email: person.email, password });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Your temporary password has expired. Please ask for a new one.');
  });

  it('staff credentials-reset mails the same kind of temporary password', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    expect((await call(t.app, staffCredentialsReset, { _id: staff.id }, w.orgA.adminToken)).status).toBe(200);
    const { password } = await mailedPassword(staff.email);
    const signedIn = await call(t.app, login, { email: staff.email, password });
    expect(signedIn.body.data.user.mustChangePassword).toBe(true);
  });

  it('count a client’s contacts without credentials', async () => {
    const acme = await aClient();
    const one = await aContact(acme._id);
    await aContact(acme._id);
    await aContact((await aClient())._id);
    const before = await call(t.app, contactWithoutCredentials, { clientId: acme._id }, w.orgA.adminToken);
    expect(before.status).toBe(200);
    expect(before.body.data).toBe(2);
    await credit(one._id);
    expect((await call(t.app, contactWithoutCredentials, { clientId: acme._id }, w.orgA.adminToken)).body.data).toBe(1);
    const badId = await call(t.app, contactWithoutCredentials, { clientId: 'x' }, w.orgA.adminToken);
    expect(badId.body.message).toBe('clientId must be a valid mongoId');
  });

  it('are for staff with the Client Credentials permission; another organisation’s ids are 404', async () => {
    const acme = await aClient();
    const person = await aContact(acme._id);
    const clientUser = await aContact(acme._id);
    await credit(clientUser._id);
    const { password } = await mailedPassword(clientUser.email);
    const clientToken = (await call(t.app, login, { email: clientUser.email, password })).body.data.token as string;
    for (const token of [clientToken, w.seeker.token]) {
      expect((await call(t.app, clientCredentials, { _id: person._id }, token)).status).toBe(403);
      expect((await call(t.app, clientCredentialsReset, { _id: clientUser._id }, token)).status).toBe(403);
      expect((await call(t.app, contactWithoutCredentials, { clientId: acme._id }, token)).status).toBe(403);
    }
    // Staff-only calls stay closed to the client user.
    expect((await call(t.app, client.calls.list!, {}, clientToken)).status).toBe(403);
    expect((await call(t.app, task.calls.list!, {}, clientToken)).status).toBe(403);

    expect((await call(t.app, clientCredentials, { _id: person._id }, w.staffA.token)).status).toBe(403);
    const contactsOnly = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [
        await roleOf(t.app, w.orgA.adminToken, [
          await permissionId(t.app, w.root, { feature: 'Contact', level: 'WRITE' }),
          await permissionId(t.app, w.root, { feature: 'Client', level: 'WRITE' }),
        ]),
      ],
    });
    expect((await call(t.app, clientCredentials, { _id: person._id }, contactsOnly.token)).status).toBe(403);
    const withCredentials = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [
        await roleOf(t.app, w.orgA.adminToken, [
          await permissionId(t.app, w.root, { feature: 'Contact', level: 'READ' }),
          await clientCredentialsPermission(),
        ]),
      ],
    });
    expect((await call(t.app, clientCredentials, { _id: person._id }, withCredentials.token)).status).toBe(200);

    expect((await call(t.app, clientCredentials, { _id: person._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, clientCredentialsReset, { _id: person._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, contactWithoutCredentials, { clientId: acme._id }, w.orgB.adminToken)).status).toBe(404);
  });
});
