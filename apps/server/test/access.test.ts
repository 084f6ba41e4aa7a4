import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../src/db/schema/teams';
import { newId } from '../src/engine/ids';
import { permissionId as permissionOf, aRole as roleOf } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const permissionId = (feature: string, level: 'READ' | 'WRITE' | 'FULL', scope: 'OWN' | 'TEAM' | 'ALL' = 'ALL') =>
  permissionOf(t.app, w.root, { feature, level, scope });

const aRole = (permissions: string[]) => roleOf(t.app, w.orgA.adminToken, permissions);

describe('the default catalogue', () => {
  it('has one module per CRM entity name, each with its feature and read/write/full permissions', async () => {
    const { body } = await call(t.app, crmModule.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
    const titles = body.data.results.map((m: { title: string }) => m.title);
    for (const name of ['Candidate', 'Client', 'Hiring Pipeline', 'Interview information page', 'OrganisationStaff', 'EntityLog']) {
      expect(titles).toContain(name);
    }
    expect(body.data.totalResults).toBe(25);
  });
});

describe('the permission check', () => {
  it('refuses staff without a role (403), and lets the organisation admin do everything', async () => {
    const refused = await call(t.app, organisationStaff.calls.list!, {}, w.staffA.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/do not have READ access to OrganisationStaff/);
    expect((await call(t.app, organisationStaff.calls.list!, {}, w.orgA.adminToken)).status).toBe(200);
  });

  it('READ allows lists, not writes; WRITE allows writes, not deletes; FULL allows deletes', async () => {
    const reader = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [await aRole([await permissionId('OrganisationStaff', 'READ')])],
    });
    expect((await call(t.app, organisationStaff.calls.list!, {}, reader.token)).status).toBe(200);
    const body = { name: { first: 'New' }, email: `n${newId()}@example.com`, phone: '07700900000', password: 'Passw0rd-long' };
    expect((await call(t.app, organisationStaff.calls.create!, body, reader.token)).status).toBe(403);

    // READ on roles too: a role the caller may not read is a 404 before any question of authority.
    const writer = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [await aRole([await permissionId('OrganisationStaff', 'WRITE'), await permissionId('Roles', 'READ')])],
    });
    const created = await call(t.app, organisationStaff.calls.create!, body, writer.token);
    expect(created.status, created.body.message).toBe(200);
    expect((await call(t.app, organisationStaff.calls.remove!, { _id: created.body.data._id }, writer.token)).status).toBe(403);

    const full = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [await aRole([await permissionId('OrganisationStaff', 'FULL')])],
    });
    expect((await call(t.app, organisationStaff.calls.remove!, { _id: created.body.data._id }, full.token)).status).toBe(200);
  });

  it('OWN scope shows only the records the user owns; TEAM adds their teams’ records', async () => {
    const own = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [await aRole([await permissionId('OrganisationStaff', 'WRITE', 'OWN')])],
    });
    const body = () => ({ name: { first: 'Owned' }, email: `o${newId()}@example.com`, phone: '07700900000', password: 'Passw0rd-long' });
    const mine = await call(t.app, organisationStaff.calls.create!, body(), own.token);
    const list = await call(t.app, organisationStaff.calls.list!, { limit: 'ALL' }, own.token);
    expect(list.body.data.results.map((r: { _id: string }) => r._id)).toEqual([mine.body.data._id]);
    expect((await call(t.app, organisationStaff.calls.details!, { _id: w.staffA.id }, own.token)).status).toBe(404);

    const teamRole = await aRole([await permissionId('OrganisationStaff', 'READ', 'TEAM')]);
    const member = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [teamRole] });
    const teamId = newId();
    const db = t.app.database.db;
    await db.insert(teams).values({ id: teamId, organisationId: w.orgA.id, name: 'Tech desk' });
    await db.insert(teamMembers).values([
      { id: newId(), organisationId: w.orgA.id, teamId, userId: member.id },
      { id: newId(), organisationId: w.orgA.id, teamId, userId: own.id },
    ]);
    // A record owned by the team: the teammate's own record is visible through the team's id.
    const { users } = await import('../src/db/schema/users');
    const { eq } = await import('drizzle-orm');
    await db.update(users).set({ teamId }).where(eq(users.id, mine.body.data._id));
    const { forgetAccessProfiles } = await import('../src/engine/access');
    forgetAccessProfiles();
    const teamList = await call(t.app, organisationStaff.calls.list!, { limit: 'ALL' }, member.token);
    expect(teamList.body.data.results.map((r: { _id: string }) => r._id)).toContain(mine.body.data._id);
    expect(teamList.body.data.results.map((r: { _id: string }) => r._id)).not.toContain(w.staffA.id);
  });

  it('a change of roles counts from the next request', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    expect((await call(t.app, organisationStaff.calls.list!, {}, staff.token)).status).toBe(403);
    const role = await aRole([await permissionId('OrganisationStaff', 'READ')]);
    await call(t.app, organisationStaff.calls.update!, { _id: staff.id, roleIds: [role] }, w.orgA.adminToken);
    expect((await call(t.app, organisationStaff.calls.list!, {}, staff.token)).status).toBe(200);
  });

  it('only an organisation admin can hand out the Organisation admin role, and it cannot be edited', async () => {
    const roles = await call(t.app, crmRole.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
    const adminRole = roles.body.data.results.find((r: { isOrganisationAdmin: boolean }) => r.isOrganisationAdmin);
    expect(adminRole.title).toBe('Organisation admin');
    // READ on roles too: a role the caller may not read is a 404 before any question of authority.
    const writer = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [await aRole([await permissionId('OrganisationStaff', 'WRITE'), await permissionId('Roles', 'READ')])],
    });
    const raise = await call(t.app, organisationStaff.calls.update!, { _id: writer.id, roleIds: [adminRole._id] }, writer.token);
    expect(raise.status).toBe(403);
    expect((await call(t.app, crmRole.calls.update!, { _id: adminRole._id, permissions: [] }, w.orgA.adminToken)).status).toBe(403);
  });

  it("refuses another organisation's roles for staff", async () => {
    const theirRoles = await call(t.app, crmRole.calls.list!, { limit: 'ALL' }, w.orgB.adminToken);
    const theirs = theirRoles.body.data.results[0]._id;
    const { status, body } = await call(t.app, organisationStaff.calls.update!, { _id: w.staffA.id, roleIds: [theirs] }, w.orgA.adminToken);
    // Issue 10: another organisation's record is a 404 as if it did not exist, never a hint that it does.
    expect(status).toBe(404);
    expect(body.message).toBe('Role not found');
  });
});

describe('platform admins', () => {
  it('see staff of every organisation and must name the organisation to add one', async () => {
    const list = await call(
      t.app,
      organisationStaff.calls.list!,
      { limit: 'ALL', filter: { organisationId: w.orgB.id } },
      w.platformAdmin.token,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.results.every((r: { organisationId: string }) => r.organisationId === w.orgB.id)).toBe(true);
    const body = { name: { first: 'Via' }, email: `v${newId()}@example.com`, phone: '07700900000', password: 'Passw0rd-long' };
    const missing = await call(t.app, organisationStaff.calls.create!, body, w.platformAdmin.token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please select an organisation');
    const made = await call(t.app, organisationStaff.calls.create!, { ...body, organisationId: w.orgB.id }, w.platformAdmin.token);
    expect(made.body.data.organisationId).toBe(w.orgB.id);
  });

  it('a feature needs a live module and a permission a feature of its module', async () => {
    const modules = await call(t.app, crmModule.calls.list!, { limit: 2 }, w.root);
    const [a, b] = modules.body.data.results;
    const noModule = await call(
      t.app,
      crmFeature.calls.create!,
      { title: 'X', value: 'x', modelName: 'X', moduleId: 'f'.repeat(24) },
      w.root,
    );
    expect(noModule.status).toBe(404);
    const features = await call(t.app, crmFeature.calls.list!, { filter: { moduleId: a._id } }, w.root);
    const mismatch = await call(
      t.app,
      crmPermission.calls.create!,
      { moduleId: b._id, featureId: features.body.data.results[0]._id, access_level: 'READ' },
      w.root,
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The feature does not belong to the module');
    const badId = await call(t.app, crmPermission.calls.create!, { moduleId: 'x', featureId: 'y', access_level: 'READ' }, w.root);
    expect(badId.body.message).toBe('moduleId must be a valid mongoId');
  });
});
