import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { newId } from '../src/engine/ids';
import { openApiDocument } from '../src/engine/openapi';
import { heldProfile, registerTestProfiles, testProfile, testProfileCodes, testProfiles } from './support/audience-resources';
import { codeIn, mailTo } from './support/outbox';
import { call, startTestApp, type TestApp } from './support/test-app';
import { aClientUser, testGrants } from './support/test-resources';
import { aVisitorAddress, aWorld, unique, type World } from './support/world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp({
    extend: async (app) => {
      await registerTestProfiles(app);
    },
  });
  w = await aWorld(t.app);
});
afterAll(() => t.close());

const aProfile = async (values: { name: string; clientId?: string; userId?: string; organisationId?: string }) => {
  const id = newId();
  await t.app.database.db.insert(testProfiles).values({
    id,
    organisationId: w.orgA.id,
    email: `${unique('person')}@example.com`,
    phone: '+44 20 7946 0000',
    staffNotes: 'Staff only: salary talk',
    answer: 'Yes',
    ...values,
  });
  return id;
};

const details = (token: string, _id: string) => call(t.app, testProfile.calls.details!, { _id }, token);
const namesIn = async (token: string) => {
  const { status, body } = await call(t.app, testProfile.calls.list!, { limit: 'ALL' }, token);
  expect(status).toBe(200);
  return body.data.results.map((r: { name: string }) => r.name).sort();
};

describe('audiences', () => {
  it('answers the same record to staff, a client user, its job seeker and a code holder with each audience’s fields only', async () => {
    const clientId = newId();
    const client = await aClientUser(t.app, { organisationId: w.orgA.id, clientId });
    const [seeker] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, w.seeker.email));
    const name = unique('Ada ');
    const id = await aProfile({ name, clientId, userId: seeker?.id });
    const other = await aProfile({ name: unique('Bob '), clientId: newId() });

    const staff = await details(w.orgA.adminToken, id);
    expect(staff.status).toBe(200);
    expect(staff.body.data).toMatchObject({ name, staffNotes: 'Staff only: salary talk', answer: 'Yes', userId: seeker?.id });

    // A client user: their client's record, its name; email and phone only once a grant opens them.
    const asClient = await details(client.token, id);
    expect(asClient.status).toBe(200);
    expect(Object.keys(asClient.body.data).sort()).toEqual(['_id', 'clientId', 'email', 'name', 'phone']);
    expect(asClient.body.data).toMatchObject({ name, email: null, phone: null });
    await t.app.database.db.insert(testGrants).values({ id: newId(), organisationId: w.orgA.id, personId: id, clientId, isVisible: true });
    expect((await details(client.token, id)).body.data).toMatchObject({ name, email: staff.body.data.email, phone: '+44 20 7946 0000' });
    expect((await details(client.token, other)).status).toBe(404);
    expect(await namesIn(client.token)).toEqual([name]);

    // The job seeker whose account it is: their own, without what staff keep for themselves.
    const asSeeker = await details(w.seeker.token, id);
    expect(asSeeker.status).toBe(200);
    expect(Object.keys(asSeeker.body.data).sort()).toEqual(['_id', 'answer', 'email', 'name', 'phone']);
    expect((await details(w.seeker.token, other)).status).toBe(404);
    expect(await namesIn(w.seeker.token)).toEqual([name]);

    // The holder of a code for it: the fields named for code holders.
    const from = aVisitorAddress();
    expect((await call(t.app, testProfileCodes.sendOtp, { _id: id }, undefined, { from })).status).toBe(200);
    const [mail] = await mailTo(t.app, staff.body.data.email);
    const checked = await call(t.app, testProfileCodes.checkOtp, { _id: id, otp: codeIn(mail?.text ?? '') }, undefined, { from });
    expect(checked.status).toBe(200);
    const held = await call(t.app, heldProfile, { _id: id }, checked.body.data.token);
    expect(held.status).toBe(200);
    expect(held.body.data).toEqual({ _id: id, name, answer: 'Yes' });
  });

  it('exports to each audience only the columns it is answered', async () => {
    const clientId = newId();
    const client = await aClientUser(t.app, { organisationId: w.orgA.id, clientId });
    const name = unique('Exported ');
    await aProfile({ name, clientId });
    const exportOf = async (token: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/profiles/export',
        payload: {},
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      return response.body.split('\r\n');
    };
    const [staffHeader] = await exportOf(w.orgA.adminToken);
    expect(staffHeader).toContain('Staff notes');
    const [clientHeader, ...rows] = await exportOf(client.token);
    expect(clientHeader).toBe('Name,Email,Phone');
    expect(rows.filter(Boolean)).toEqual([`${name},,`]);
  });

  it('shows no record of another organisation to any audience', async () => {
    const id = await aProfile({ name: unique('Elsewhere '), organisationId: w.orgB.id });
    expect((await details(w.orgA.adminToken, id)).status).toBe(404);
    expect((await details(w.seeker.token, id)).status).toBe(404);
  });

  it('lists each audience’s answer in the OpenAPI document', async () => {
    // Built from the calls registered, as the served document is (the test resource is registered after it was served).
    const document = JSON.parse(JSON.stringify(openApiDocument(t.app.calls)));
    const answer = document.paths['/api/test/profiles/details'].post.responses['200'].content['application/json'].schema.properties.data;
    expect(answer.oneOf.map((shape: { title: string }) => shape.title)).toEqual(['staff', 'clientUser', 'jobSeeker']);
    const [staff, client, seeker] = answer.oneOf as { properties: Record<string, unknown>; description: string }[];
    expect(Object.keys(staff?.properties ?? {})).toContain('staffNotes');
    expect(Object.keys(client?.properties ?? {}).sort()).toEqual(['_id', 'clientId', 'email', 'name', 'phone']);
    expect(Object.keys(seeker?.properties ?? {})).not.toContain('staffNotes');
    expect(client?.description).toContain('CRM_CLIENT_USER');

    const held = document.paths['/api/test/profiles/held'].post;
    expect(held.description).toContain('one-time code');
    expect(held.security).toEqual([{ codeHolder: [] }]);
    expect(Object.keys(held.responses['200'].content['application/json'].schema.properties.data.properties).sort()).toEqual([
      '_id',
      'answer',
      'name',
    ]);
  });
});
