import { client } from '@app/contract/resources/crm/client';
import { task } from '@app/contract/resources/crm/task';
import { team, teamMember } from '@app/contract/resources/crm/team';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/clients';
import { tasks } from '../src/db/schema/tasks';
import { teamMembers } from '../src/db/schema/teams';
import { permissionId, aRole as roleOf } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const aTeam = async (token = w.orgA.adminToken) => {
  const created = await call(t.app, team.calls.create, { name: unique('Desk ') }, token);
  expect(created.status, created.body.message).toBe(200);
  return created.body.data._id as string;
};

const join = async (teamId: string, userId: string, token = w.orgA.adminToken) => {
  const joined = await call(t.app, teamMember.calls.create, { teamId, userId }, token);
  expect(joined.status, joined.body.message).toBe(200);
  return joined.body.data._id as string;
};

const staffWith = async (feature: string, level: 'READ' | 'WRITE', scope: 'OWN' | 'TEAM' | 'ALL') =>
  aStaffMember(t.app, w.orgA.adminToken, {
    roleIds: [await roleOf(t.app, w.orgA.adminToken, [await permissionId(t.app, w.root, { feature, level, scope })])],
  });

const newClient = (input: Record<string, unknown> = {}) => ({ name: unique('Acme '), email: `${unique('c')}@acme.example`, ...input });

const teamOfClient = async (id: string) => (await t.app.database.db.select().from(clients).where(eq(clients.id, id)))[0]?.teamId;

const visibleClients = async (token: string) =>
  ((await call(t.app, client.calls.list!, { limit: 'ALL' }, token)).body.data.results as { _id: string }[]).map((row) => row._id);

describe('TEAM scope', () => {
  it('files a new record under the creator’s first team, or the team of theirs they name', async () => {
    const writer = await staffWith('Client', 'WRITE', 'ALL');
    const red = await aTeam();
    const blue = await aTeam();
    await join(red, writer.id);
    await join(blue, writer.id);

    const first = await call(t.app, client.calls.create!, newClient(), writer.token);
    expect(first.status, first.body.message).toBe(200);
    expect(await teamOfClient(first.body.data._id)).toBe(red);

    const named = await call(t.app, client.calls.create!, newClient({ teamId: blue }), writer.token);
    expect(named.status, named.body.message).toBe(200);
    expect(await teamOfClient(named.body.data._id)).toBe(blue);
  });

  it('refuses a team the creator is not in, or another organisation’s, as a 404, and a malformed id as a 400', async () => {
    const writer = await staffWith('Client', 'WRITE', 'ALL');
    const notTheirs = await aTeam();
    const foreign = await aTeam(w.orgB.adminToken);
    const before = (await visibleClients(w.orgA.adminToken)).length;
    const outsider = await call(t.app, client.calls.create!, newClient({ teamId: notTheirs }), writer.token);
    expect(outsider.status).toBe(404);
    expect(outsider.body.message).toBe('Team not found');
    expect((await call(t.app, client.calls.create!, newClient({ teamId: foreign }), writer.token)).status).toBe(404);
    expect((await call(t.app, client.calls.create!, newClient({ teamId: 'desk' }), writer.token)).status).toBe(400);
    // Nothing half-written: the refused names are nowhere.
    expect(await visibleClients(w.orgA.adminToken)).toHaveLength(before);
  });

  it('files records of staff in no team, and of the organisation admin, under none', async () => {
    const loner = await staffWith('Client', 'WRITE', 'ALL');
    const created = await call(t.app, client.calls.create!, newClient(), loner.token);
    expect(await teamOfClient(created.body.data._id)).toBeNull();
    const byAdmin = await call(t.app, client.calls.create!, newClient(), w.orgA.adminToken);
    expect(await teamOfClient(byAdmin.body.data._id)).toBeNull();
  });

  it('lets a TEAM-scoped user see the records of every team they belong to, and no other', async () => {
    const writer = await staffWith('Client', 'WRITE', 'ALL');
    const viewer = await staffWith('Client', 'READ', 'TEAM');
    const red = await aTeam();
    const blue = await aTeam();
    await join(red, writer.id);
    await join(blue, writer.id);
    const redClient = (await call(t.app, client.calls.create!, newClient({ teamId: red }), writer.token)).body.data._id as string;
    const blueClient = (await call(t.app, client.calls.create!, newClient({ teamId: blue }), writer.token)).body.data._id as string;
    const noTeam = (await call(t.app, client.calls.create!, newClient(), w.orgA.adminToken)).body.data._id as string;

    expect(await visibleClients(viewer.token)).toEqual([]);
    await join(blue, viewer.id);
    expect(await visibleClients(viewer.token)).toEqual([blueClient]);
    await join(red, viewer.id);
    expect(await visibleClients(viewer.token)).toEqual([blueClient, redClient]);
    expect((await call(t.app, client.calls.details!, { _id: redClient }, viewer.token)).status).toBe(200);
    expect((await call(t.app, client.calls.details!, { _id: noTeam }, viewer.token)).status).toBe(404);
    // Nor does TEAM reach into another organisation.
    expect((await call(t.app, client.calls.details!, { _id: redClient }, w.orgB.adminToken)).status).toBe(404);
  });

  it('works for every resource with the team column: a teammate’s task is seen at TEAM scope', async () => {
    const writer = await staffWith('Task', 'WRITE', 'ALL');
    const viewer = await staffWith('Task', 'READ', 'TEAM');
    const desk = await aTeam();
    await join(desk, writer.id);
    await join(desk, viewer.id);
    const created = await call(t.app, task.calls.create!, { title: 'Team work' }, writer.token);
    expect(created.status, created.body.message).toBe(200);
    expect((await t.app.database.db.select().from(tasks).where(eq(tasks.id, created.body.data._id)))[0]?.teamId).toBe(desk);
    expect((await call(t.app, task.calls.details!, { _id: created.body.data._id }, viewer.token)).status).toBe(200);
    // A membership keeps the team it names: the engine does not re-file it under the creator's.
    const member = (await t.app.database.db.select().from(teamMembers).where(eq(teamMembers.userId, viewer.id)))[0];
    expect(member?.teamId).toBe(desk);
  });

  it('is refused to other user types and to staff without the permission', async () => {
    expect((await call(t.app, client.calls.create!, newClient(), w.seeker.token)).status).toBe(403);
    expect((await call(t.app, client.calls.create!, newClient(), w.staffA.token)).status).toBe(403);
    const viewer = await staffWith('Client', 'READ', 'TEAM');
    expect((await call(t.app, client.calls.create!, newClient(), viewer.token)).status).toBe(403);
  });
});
