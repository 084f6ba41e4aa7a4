import { client } from '@app/contract/resources/crm/client';
import { team, teamMember } from '@app/contract/resources/crm/team';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/clients';
import { permissionId, aRole as roleOf } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const aTeam = async (token: string, name = unique('Desk ')) => {
  const created = await call(t.app, team.calls.create, { name }, token);
  expect(created.status, created.body.message).toBe(200);
  return created.body.data as { _id: string; name: string };
};

const join = (teamId: string, userId: string, token = w.orgA.adminToken, memberType?: string) =>
  call(t.app, teamMember.calls.create, { teamId, userId, ...(memberType ? { memberType } : {}) }, token);

const idsOf = (body: { data: { results: { _id: string }[] } }) => body.data.results.map((row) => row._id);

describe('teams and team members', () => {
  it('answer the spec’s message for a team without a name', async () => {
    const refused = await call(t.app, team.calls.create, { name: '  ' }, w.orgA.adminToken);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please enter team name');
  });

  it('list each team with its members, named', async () => {
    const desk = await aTeam(w.orgA.adminToken, unique('Tech desk '));
    const empty = await aTeam(w.orgA.adminToken, unique('Empty desk '));
    expect((await join(desk._id, w.staffA.id, w.orgA.adminToken, 'Lead')).status).toBe(200);
    const list = await call(t.app, team.calls.list, { limit: 'ALL' }, w.orgA.adminToken);
    expect(list.status).toBe(200);
    const rows = list.body.data.results as { _id: string; members: { userId: string; memberType: string; user: { label: string } }[] }[];
    const withMember = rows.find((row) => row._id === desk._id);
    expect(withMember?.members).toHaveLength(1);
    expect(withMember?.members[0]).toMatchObject({ userId: w.staffA.id, memberType: 'Lead' });
    expect(withMember?.members[0]?.user.label).toBeTruthy();
    expect(rows.find((row) => row._id === empty._id)?.members).toEqual([]);
  });

  it('take a user once per team (409), and again once removed', async () => {
    const desk = await aTeam(w.orgA.adminToken);
    const first = await join(desk._id, w.staffA.id);
    expect(first.status).toBe(200);
    const again = await join(desk._id, w.staffA.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This user is already a member of this team');
    const other = await aTeam(w.orgA.adminToken);
    const elsewhere = await join(other._id, w.staffA.id);
    expect(elsewhere.status).toBe(200);
    const moved = await call(t.app, teamMember.calls.update, { _id: elsewhere.body.data._id, teamId: desk._id }, w.orgA.adminToken);
    expect(moved.status).toBe(409);
    expect((await call(t.app, teamMember.calls.remove, { _id: first.body.data._id }, w.orgA.adminToken)).status).toBe(200);
    expect((await join(desk._id, w.staffA.id)).status).toBe(200);
  });

  it('refuse another organisation’s team or user as a 404', async () => {
    const ours = await aTeam(w.orgA.adminToken);
    const theirs = await aTeam(w.orgB.adminToken);
    const theirStaff = await aStaffMember(t.app, w.orgB.adminToken);
    const foreignTeam = await join(theirs._id, w.staffA.id);
    expect(foreignTeam.status).toBe(404);
    const foreignUser = await join(ours._id, theirStaff.id);
    expect(foreignUser.status).toBe(404);
    const list = await call(t.app, team.calls.list, { limit: 'ALL' }, w.orgA.adminToken);
    expect(idsOf(list.body)).not.toContain(theirs._id);
  });

  it('widen a TEAM-scoped user’s view as soon as a membership is added, and narrow it once removed', async () => {
    const teamRole = await roleOf(t.app, w.orgA.adminToken, [
      await permissionId(t.app, w.root, { feature: 'Client', level: 'READ', scope: 'TEAM' }),
    ]);
    const viewer = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [teamRole] });
    const teammate = await aStaffMember(t.app, w.orgA.adminToken);
    const desk = await aTeam(w.orgA.adminToken);
    const added = await call(
      t.app,
      client.calls.create!,
      { name: unique('Team client '), email: `${unique('t')}@acme.example` },
      w.orgA.adminToken,
    );
    // The client is the desk's: records carry their team in the base model's team column.
    await t.app.database.db.update(clients).set({ teamId: desk._id }).where(eq(clients.id, added.body.data._id));
    expect((await join(desk._id, teammate.id)).status).toBe(200);

    const visible = async () => idsOf((await call(t.app, client.calls.list!, { limit: 'ALL' }, viewer.token)).body);
    expect(await visible()).not.toContain(added.body.data._id);

    const membership = await join(desk._id, viewer.id);
    expect(membership.status).toBe(200);
    expect(await visible()).toContain(added.body.data._id);
    expect((await call(t.app, client.calls.details!, { _id: added.body.data._id }, viewer.token)).status).toBe(200);

    expect((await call(t.app, teamMember.calls.remove, { _id: membership.body.data._id }, w.orgA.adminToken)).status).toBe(200);
    expect(await visible()).not.toContain(added.body.data._id);
    expect((await call(t.app, client.calls.details!, { _id: added.body.data._id }, viewer.token)).status).toBe(404);
  });

  it('take their memberships with them when deleted', async () => {
    const desk = await aTeam(w.orgA.adminToken);
    const membership = await join(desk._id, w.staffA.id);
    expect((await call(t.app, team.calls.remove, { _id: desk._id }, w.orgA.adminToken)).status).toBe(200);
    const members = await call(t.app, teamMember.calls.list, { limit: 'ALL', filter: { teamId: desk._id } }, w.orgA.adminToken);
    expect(idsOf(members.body)).not.toContain(membership.body.data._id);
  });

  it('are refused to staff without the Teams feature', async () => {
    expect((await call(t.app, team.calls.list, {}, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, teamMember.calls.create, { teamId: 'a'.repeat(24), userId: w.staffA.id }, w.staffA.token)).status).toBe(403);
  });
});
