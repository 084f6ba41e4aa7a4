import { login, me } from '@app/contract/resources/auth';
import { client } from '@app/contract/resources/crm/client';
import { contact } from '@app/contract/resources/crm/contact';
import { event, eventCalendarFeed } from '@app/contract/resources/crm/event';
import { crmRole } from '@app/contract/resources/crm-access';
import { organisation } from '@app/contract/resources/organisation';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/clients';
import { organisations } from '../src/db/schema/organisations';
import { clientInactiveMessage, organisationInactiveMessage } from '../src/services/sessions';
import { aRole, permissionId } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { anOrganisation, aStaffMember, password, unique, type World, withWorld } from './support/world';

/**
 * Issue 26 point 6: ending a relationship ends access at once. A client made inactive or deleted
 * shuts its portal users out, an inactive organisation all its users and calendar feeds, and a feed
 * is served only while its owner may read events: each refused on the very next request (no session
 * expiry waited for), and at sign-in with a clear message; made active again, sign-in works again.
 */
let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const aClient = async (token: string) => {
  const made = await call(t.app, client.calls.create!, { name: unique('Portal Ltd '), email: `${unique('p')}@portal.example` }, token);
  expect(made.status, made.body.message).toBe(200);
  return made.body.data._id as string;
};
const signInAs = (email: string) => call(t.app, login, { email, password });
const works = async (token: string) => (await call(t.app, me, {}, token)).status;
const feedStatus = async (url: string) => (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;

describe('a client that ends', () => {
  it('made inactive: its portal users are signed out at once and refused at sign-in (was 200), until it is active again', async () => {
    const clientId = await aClient(w.orgA.adminToken);
    const portal = await aClientUser(t.app, { organisationId: w.orgA.id, clientId });
    const colleague = await aClientUser(t.app, { organisationId: w.orgA.id, clientId });
    const otherClient = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: await aClient(w.orgA.adminToken) });
    expect(await works(portal.token)).toBe(200);
    expect((await call(t.app, contact.calls.list!, {}, portal.token)).status).toBe(200);

    const ended = await call(t.app, client.calls.setStatus!, { _id: clientId, status: 'INACTIVE' }, w.orgA.adminToken);
    expect(ended.status).toBe(200);
    // The very next request, without waiting for any session to expire.
    expect(await works(portal.token)).toBe(401);
    expect(await works(colleague.token)).toBe(401);
    expect((await call(t.app, contact.calls.list!, {}, portal.token)).status).toBe(401);
    const refused = await signInAs(portal.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(clientInactiveMessage);
    // Another client's portal goes on.
    expect(await works(otherClient.token)).toBe(200);

    expect((await call(t.app, client.calls.setStatus!, { _id: clientId, status: 'ACTIVE' }, w.orgA.adminToken)).status).toBe(200);
    const back = await signInAs(portal.email);
    expect(back.status).toBe(200);
    expect(await works(back.body.data.token)).toBe(200);
  });

  it('made inactive in bulk, or deleted: the same', async () => {
    const inBulk = await aClient(w.orgA.adminToken);
    const bulkPortal = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: inBulk });
    const bulk = await call(
      t.app,
      { method: 'PUT', path: '/client/bulk' },
      { ids: [inBulk], action: 'set-status', value: 'INACTIVE' },
      w.orgA.adminToken,
    );
    expect(bulk.status).toBe(200);
    expect(await works(bulkPortal.token)).toBe(401);
    expect((await signInAs(bulkPortal.email)).status).toBe(403);

    const deleted = await aClient(w.orgA.adminToken);
    const deletedPortal = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: deleted });
    expect((await call(t.app, client.calls.remove!, { _id: deleted }, w.orgA.adminToken)).status).toBe(200);
    expect(await works(deletedPortal.token)).toBe(401);
    const refused = await signInAs(deletedPortal.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(clientInactiveMessage);
  });

  it('is refused on every request from the client’s own standing, even where a session was left behind', async () => {
    const clientId = await aClient(w.orgA.adminToken);
    const portal = await aClientUser(t.app, { organisationId: w.orgA.id, clientId });
    expect(await works(portal.token)).toBe(200);
    // Written past the app (another path, another process): the session row stays, the standing changes.
    await t.app.database.db.update(clients).set({ status: 'INACTIVE' }).where(eq(clients.id, clientId));
    await t.app.services.sessions.forgetAll();
    expect(await works(portal.token)).toBe(401);
    await t.app.database.db.update(clients).set({ status: 'ACTIVE' }).where(eq(clients.id, clientId));
    await t.app.services.sessions.forgetAll();
    expect(await works(portal.token)).toBe(200);
  });
});

describe('an organisation made inactive', () => {
  it('signs out every user and stops every feed at once; sign-in is refused, client users too (was 200); active again, all return', async () => {
    const org = await anOrganisation(t.app, w.root);
    const staff = await aStaffMember(t.app, org.adminToken, {
      roleIds: [await aRole(t.app, org.adminToken, [await permissionId(t.app, w.root, { feature: 'Event', level: 'READ' })])],
    });
    const portal = await aClientUser(t.app, { organisationId: org.id, clientId: await aClient(org.adminToken) });
    const feed = (await call(t.app, eventCalendarFeed, {}, staff.token)).body.data.url as string;
    expect(await feedStatus(feed)).toBe(200);
    for (const token of [org.adminToken, staff.token, portal.token]) expect(await works(token)).toBe(200);

    const off = await call(t.app, organisation.calls.setStatus!, { _id: org.id, status: 'INACTIVE' }, w.root);
    expect(off.status).toBe(200);
    for (const token of [org.adminToken, staff.token, portal.token]) expect(await works(token)).toBe(401);
    expect(await feedStatus(feed)).toBe(404);
    for (const email of [org.adminEmail, staff.email, portal.email]) {
      const refused = await signInAs(email);
      expect(refused.status, email).toBe(403);
      expect(refused.body.message).toBe(organisationInactiveMessage);
    }
    // Another organisation goes on.
    expect(await works(w.orgA.adminToken)).toBe(200);

    expect((await call(t.app, organisation.calls.setStatus!, { _id: org.id, status: 'ACTIVE' }, w.root)).status).toBe(200);
    expect(await feedStatus(feed)).toBe(200);
    for (const email of [org.adminEmail, staff.email, portal.email]) expect((await signInAs(email)).status, email).toBe(200);
  });

  it('is refused on every request from the organisation’s own standing, even where a session was left behind', async () => {
    const org = await anOrganisation(t.app, w.root);
    const { db } = t.app.database;
    expect(await works(org.adminToken)).toBe(200);
    await db.update(organisations).set({ status: 'INACTIVE' }).where(eq(organisations.id, org.id));
    await t.app.services.sessions.forgetAll();
    expect(await works(org.adminToken)).toBe(401);
  });
});

describe('the calendar feed', () => {
  it('is a 404 once its owner may not read events, even with tasks still readable; served again when they may', async () => {
    const events = await permissionId(t.app, w.root, { feature: 'Event', level: 'READ' });
    const tasks = await permissionId(t.app, w.root, { feature: 'Task', level: 'READ' });
    const roleId = await aRole(t.app, w.orgA.adminToken, [events, tasks]);
    const sam = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [roleId] });
    const url = (await call(t.app, eventCalendarFeed, {}, sam.token)).body.data.url as string;
    expect(await feedStatus(url)).toBe(200);
    const withPermissions = (permissions: string[]) => call(t.app, crmRole.calls.update!, { _id: roleId, permissions }, w.orgA.adminToken);
    expect((await withPermissions([tasks])).status).toBe(200);
    expect(await feedStatus(url)).toBe(404);
    expect((await withPermissions([events, tasks])).status).toBe(200);
    expect(await feedStatus(url)).toBe(200);
    // An event of the organisation's: a feed is still only its owner's.
    expect((await call(t.app, event.calls.list!, {}, sam.token)).status).toBe(200);
  });
});
