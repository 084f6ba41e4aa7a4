import { client } from '@app/contract/resources/crm/client';
import { describe, expect, it } from 'vitest';
import { permissionId as permissionOf, aRole as roleOf } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const aClient = async (token: string, name = unique('Acme ')) => {
  const created = await call(t.app, client.calls.create!, { name, email: `${unique('talent')}@acme.example` }, token);
  expect(created.status).toBe(200);
  return created.body.data as { _id: string; name: string; itemId: { combined: string }; status: string };
};

const staffWith = async (level: 'READ' | 'WRITE' | 'FULL', scope: 'OWN' | 'ALL' = 'ALL') => {
  const permission = await permissionOf(t.app, w.root, { feature: 'Client', level, scope });
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [permission])] });
};

describe('clients', () => {
  it('are numbered CLI-n per organisation and start ACTIVE', async () => {
    const first = await aClient(w.orgA.adminToken);
    const second = await aClient(w.orgA.adminToken);
    expect(first.itemId.combined).toMatch(/^CLI-\d+$/);
    expect(Number(second.itemId.combined.slice(4))).toBe(Number(first.itemId.combined.slice(4)) + 1);
    expect(first.status).toBe('ACTIVE');
  });

  it('answer the spec’s messages for a missing email and phone number', async () => {
    const noEmail = await call(t.app, client.calls.create!, { name: 'Acme' }, w.orgA.adminToken);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('Please enter email');
    const noNumber = await call(
      t.app,
      client.calls.create!,
      { name: 'Acme', email: 'talent@acme.example', phone: { countryCode: 44 } },
      w.orgA.adminToken,
    );
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.message).toBe('Phone number required');
  });

  it('follow the Client permission: a viewer reads but cannot add, OWN sees only their own', async () => {
    const theirs = await aClient(w.orgA.adminToken);
    const viewer = await staffWith('READ');
    expect((await call(t.app, client.calls.details!, { _id: theirs._id }, viewer.token)).status).toBe(200);
    const refused = await call(t.app, client.calls.create!, { name: 'Nope', email: 'n@example.com' }, viewer.token);
    expect(refused.status).toBe(403);
    expect((await call(t.app, client.calls.list!, {}, w.staffA.token)).status).toBe(403);

    const own = await staffWith('WRITE', 'OWN');
    const mine = await aClient(own.token);
    const list = await call(t.app, client.calls.list!, { limit: 'ALL' }, own.token);
    expect(list.body.data.results.map((row: { _id: string }) => row._id)).toEqual([mine._id]);
    expect((await call(t.app, client.calls.details!, { _id: theirs._id }, own.token)).status).toBe(404);
  });

  it('show a client user their own client only, and nothing of the staff calls', async () => {
    const acme = await aClient(w.orgA.adminToken, 'Acme Portal');
    const globex = await aClient(w.orgA.adminToken, 'Globex Portal');
    const user = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: acme._id });
    const own = await call(t.app, client.calls.details!, { _id: acme._id }, user.token);
    expect(own.status).toBe(200);
    expect(own.body.data.name).toBe('Acme Portal');
    expect((await call(t.app, client.calls.details!, { _id: globex._id }, user.token)).status).toBe(404);
    expect((await call(t.app, client.calls.list!, {}, user.token)).status).toBe(403);
    expect((await call(t.app, client.calls.update!, { _id: acme._id, name: 'Mine now' }, user.token)).status).toBe(403);
  });
});
