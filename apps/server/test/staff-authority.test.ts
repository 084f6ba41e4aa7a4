import { login, me } from '@app/contract/resources/auth';
import { crmRole } from '@app/contract/resources/crm-access';
import { organisationStaff, staffCredentialsReset } from '@app/contract/resources/organisation-staff';
import { beforeAll, describe, expect, it } from 'vitest';
import { aRole, permissionId } from './support/access';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, password, unique, type World, withWorld } from './support/world';

/**
 * The attack as reported: a manager holding "OrganisationStaff: view and edit" (here with delete
 * too, so the delete attempt meets the new rule rather than the permission check) and "Roles: view
 * and edit" deactivated the organisation admin, moved the admin's email to their own address,
 * reset the password and signed in as the admin. Each request that worked now answers 403 and
 * changes nothing; the legitimate paths still work.
 */
let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type Person = { id: string; email: string; token: string };
let admin: Person;
let manager: Person;
/** Holds a role the manager lacks: the manager may not act on them. */
let senior: Person;
/** Holds only roles the manager holds: the manager may act on them. */
let junior: Person;
let roles: { admin: string; manager: string; junior: string; senior: string; candidateFull: string; staffReadOwn: string };

const staffRecord = async (id: string) => (await call(t.app, organisationStaff.calls.details!, { _id: id }, w.orgA.adminToken)).body.data;
const roleRecord = async (id: string) =>
  (await call(t.app, crmRole.calls.list!, { limit: 'ALL' }, w.orgA.adminToken)).body.data.results.find(
    (r: { _id: string }) => r._id === id,
  );

beforeAll(async () => {
  const p = (feature: string, level: 'READ' | 'WRITE' | 'FULL', scope?: 'OWN' | 'TEAM' | 'ALL') =>
    permissionId(t.app, w.root, { feature, level, scope });
  const list = await call(t.app, crmRole.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
  const adminRole = list.body.data.results.find((r: { isOrganisationAdmin: boolean }) => r.isOrganisationAdmin)._id;
  const candidateFull = await p('Candidate', 'FULL');
  const staffReadOwn = await p('OrganisationStaff', 'READ', 'OWN');
  roles = {
    admin: adminRole,
    manager: await aRole(t.app, w.orgA.adminToken, [await p('OrganisationStaff', 'FULL'), await p('Roles', 'WRITE')], 'Manager'),
    junior: await aRole(t.app, w.orgA.adminToken, [await p('OrganisationStaff', 'READ')], 'Junior'),
    senior: await aRole(t.app, w.orgA.adminToken, [candidateFull], 'Senior'),
    candidateFull,
    staffReadOwn,
  };
  const adminMe = await call(t.app, me, {}, w.orgA.adminToken);
  admin = { id: adminMe.body.data._id, email: w.orgA.adminEmail, token: w.orgA.adminToken };
  manager = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [roles.manager, roles.junior], first: 'Manny' });
  senior = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [roles.senior, roles.junior], first: 'Sena' });
  junior = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [roles.junior], first: 'Jun' });
});

const expectRefused = (response: { status: number; body: { message: string } }, message: string) => {
  expect(response.status, response.body.message).toBe(403);
  expect(response.body.message).toBe(message);
};
const cannotActOn = 'You cannot change a staff member who holds a role you do not hold';

describe('a manager with staff and role editing cannot act on the organisation admin', () => {
  it('(a) cannot deactivate the admin', async () => {
    const attempt = await call(t.app, organisationStaff.calls.setStatus!, { _id: admin.id, status: 'INACTIVE' }, manager.token);
    expectRefused(attempt, cannotActOn);
    expect((await staffRecord(admin.id)).status).toBe('ACTIVE');
    expect((await call(t.app, me, {}, admin.token)).status).toBe(200);
  });

  it("(b) cannot move the admin's email to their own address, nor change any other field or role", async () => {
    const takeover = `${unique('manny-owned')}@example.com`;
    expectRefused(await call(t.app, organisationStaff.calls.update!, { _id: admin.id, email: takeover }, manager.token), cannotActOn);
    expectRefused(
      await call(t.app, organisationStaff.calls.update!, { _id: admin.id, designation: 'Ex-admin' }, manager.token),
      cannotActOn,
    );
    expectRefused(await call(t.app, organisationStaff.calls.update!, { _id: admin.id, roleIds: [] }, manager.token), cannotActOn);
    const after = await staffRecord(admin.id);
    expect(after).toMatchObject({ email: admin.email, roleIds: [roles.admin] });
    expect(after.designation).toBeNull();
    expect((await call(t.app, login, { email: takeover, password })).status).toBe(401);
  });

  it('(c) cannot reset the admin’s credentials: no password is mailed and the admin stays signed in', async () => {
    const mailBefore = (await mailTo(t.app, admin.email)).length;
    expectRefused(await call(t.app, staffCredentialsReset, { _id: admin.id }, manager.token), cannotActOn);
    expect(await mailTo(t.app, admin.email)).toHaveLength(mailBefore);
    expect((await call(t.app, me, {}, admin.token)).status).toBe(200);
    expect((await call(t.app, login, { email: admin.email, password })).status).toBe(200);
  });

  it('(d) cannot delete the admin', async () => {
    expectRefused(await call(t.app, organisationStaff.calls.remove!, { _id: admin.id }, manager.token), cannotActOn);
    expect((await staffRecord(admin.id)).status).toBe('ACTIVE');
    expect((await call(t.app, me, {}, admin.token)).status).toBe(200);
  });

  it('(e) cannot give their own role, or a new one, access above what they hold', async () => {
    const managerRoleBefore = await roleRecord(roles.manager);
    const raise = await call(
      t.app,
      crmRole.calls.update!,
      { _id: roles.manager, permissions: [...managerRoleBefore.permissions, roles.candidateFull] },
      manager.token,
    );
    expectRefused(raise, 'You cannot give FULL access to Candidate (scope ALL): it is more than you hold');
    expect((await roleRecord(roles.manager)).permissions).toEqual(managerRoleBefore.permissions);
    // Roles: view and edit is WRITE; FULL on the same feature is above it.
    const rolesFull = await permissionId(t.app, w.root, { feature: 'Roles', level: 'FULL' });
    const newRole = await call(
      t.app,
      crmRole.calls.create!,
      { title: 'Escalator', value: unique('esc'), permissions: [rolesFull] },
      manager.token,
    );
    expect(newRole.status).toBe(403);
    const list = await call(t.app, crmRole.calls.list!, { limit: 'ALL', search: 'Escalator' }, w.orgA.adminToken);
    expect(list.body.data.totalResults).toBe(0);
  });

  it('(e) cannot widen a scope: holding staff access at OWN, a role may not get it at ALL', async () => {
    const ownOnly = await aRole(t.app, w.orgA.adminToken, [
      roles.staffReadOwn,
      await permissionId(t.app, w.root, { feature: 'Roles', level: 'WRITE' }),
    ]);
    const narrow = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [ownOnly] });
    const staffReadAll = await permissionId(t.app, w.root, { feature: 'OrganisationStaff', level: 'READ' });
    const widen = await call(
      t.app,
      crmRole.calls.create!,
      { title: 'Wide', value: unique('wide'), permissions: [staffReadAll] },
      narrow.token,
    );
    expectRefused(widen, 'You cannot give READ access to OrganisationStaff (scope ALL): it is more than you hold');
    const same = await call(
      t.app,
      crmRole.calls.create!,
      { title: 'Narrow', value: unique('narrow'), permissions: [roles.staffReadOwn] },
      narrow.token,
    );
    expect(same.status, same.body.message).toBe(200);
  });

  it('(e) cannot edit a role that grants more than they hold, or one held by staff they cannot act on', async () => {
    const seniorBefore = await roleRecord(roles.senior);
    expectRefused(
      await call(t.app, crmRole.calls.update!, { _id: roles.senior, permissions: [] }, manager.token),
      'You cannot change a role that holds more access than you do',
    );
    expect((await roleRecord(roles.senior)).permissions).toEqual(seniorBefore.permissions);
    // Junior is within the manager's access, but the senior holds it too (with a role the manager lacks).
    expectRefused(
      await call(t.app, crmRole.calls.update!, { _id: roles.junior, title: 'Renamed' }, manager.token),
      'You cannot change a role held by staff who hold a role you do not hold',
    );
    expect((await roleRecord(roles.junior)).title).toBe('Junior');
  });

  it('(f) cannot give themselves or anyone the Organisation admin role, or a role they do not hold', async () => {
    const selfAdmin = await call(
      t.app,
      organisationStaff.calls.update!,
      { _id: manager.id, roleIds: [roles.manager, roles.admin] },
      manager.token,
    );
    expectRefused(selfAdmin, 'Only an organisation admin can give the Organisation admin role');
    const juniorAdmin = await call(t.app, organisationStaff.calls.update!, { _id: junior.id, roleIds: [roles.admin] }, manager.token);
    expectRefused(juniorAdmin, 'Only an organisation admin can give the Organisation admin role');
    const selfSenior = await call(
      t.app,
      organisationStaff.calls.update!,
      { _id: manager.id, roleIds: [roles.manager, roles.junior, roles.senior] },
      manager.token,
    );
    expectRefused(selfSenior, 'You can only give roles you hold yourself');
    const juniorSenior = await call(t.app, organisationStaff.calls.update!, { _id: junior.id, roleIds: [roles.senior] }, manager.token);
    expectRefused(juniorSenior, 'You can only give roles you hold yourself');
    const newSenior = await call(
      t.app,
      organisationStaff.calls.create!,
      { name: { first: 'Puppet' }, email: `${unique('puppet')}@example.com`, phone: '07700900000', password, roleIds: [roles.senior] },
      manager.token,
    );
    expectRefused(newSenior, 'You can only give roles you hold yourself');
    expect((await staffRecord(manager.id)).roleIds).toEqual([roles.manager, roles.junior]);
    expect((await staffRecord(junior.id)).roleIds).toEqual([roles.junior]);
  });

  it('cannot act on a colleague who holds a role the manager lacks', async () => {
    expectRefused(
      await call(t.app, organisationStaff.calls.setStatus!, { _id: senior.id, status: 'INACTIVE' }, manager.token),
      cannotActOn,
    );
    expectRefused(await call(t.app, staffCredentialsReset, { _id: senior.id }, manager.token), cannotActOn);
    expectRefused(await call(t.app, organisationStaff.calls.update!, { _id: senior.id, phone: '07700900999' }, manager.token), cannotActOn);
    expect((await call(t.app, me, {}, senior.token)).status).toBe(200);
  });
});

describe('the legitimate paths still work', () => {
  it('a manager edits, resets and deactivates a junior holding fewer roles, and gives roles they hold', async () => {
    const edited = await call(t.app, organisationStaff.calls.update!, { _id: junior.id, designation: 'Resourcer' }, manager.token);
    expect(edited.status, edited.body.message).toBe(200);
    const promoted = await call(
      t.app,
      organisationStaff.calls.update!,
      { _id: junior.id, roleIds: [roles.junior, roles.manager] },
      manager.token,
    );
    expect(promoted.status, promoted.body.message).toBe(200);
    const demoted = await call(t.app, organisationStaff.calls.update!, { _id: junior.id, roleIds: [roles.junior] }, manager.token);
    expect(demoted.status, demoted.body.message).toBe(200);
    expect((await call(t.app, staffCredentialsReset, { _id: junior.id }, manager.token)).status).toBe(200);
    const made = await call(
      t.app,
      organisationStaff.calls.create!,
      { name: { first: 'New' }, email: `${unique('new')}@example.com`, phone: '07700900000', password, roleIds: [roles.junior] },
      manager.token,
    );
    expect(made.status, made.body.message).toBe(200);
    expect(
      (await call(t.app, organisationStaff.calls.setStatus!, { _id: made.body.data._id, status: 'INACTIVE' }, manager.token)).status,
    ).toBe(200);
    expect((await call(t.app, organisationStaff.calls.remove!, { _id: made.body.data._id }, manager.token)).status).toBe(200);
  });

  it('a manager creates and edits roles within their own access', async () => {
    const staffRead = await permissionId(t.app, w.root, { feature: 'OrganisationStaff', level: 'READ' });
    const created = await call(
      t.app,
      crmRole.calls.create!,
      { title: 'Helper', value: unique('helper'), permissions: [staffRead] },
      manager.token,
    );
    expect(created.status, created.body.message).toBe(200);
    const staffWrite = await permissionId(t.app, w.root, { feature: 'OrganisationStaff', level: 'WRITE' });
    const edited = await call(t.app, crmRole.calls.update!, { _id: created.body.data._id, permissions: [staffWrite] }, manager.token);
    expect(edited.status, edited.body.message).toBe(200);
    expect((await call(t.app, crmRole.calls.update!, { _id: roles.manager, title: 'Team manager' }, manager.token)).status).toBe(200);
  });

  it('the organisation admin does everything, and a platform admin too', async () => {
    const fullRole = await call(
      t.app,
      crmRole.calls.update!,
      { _id: roles.manager, permissions: [...(await roleRecord(roles.manager)).permissions, roles.candidateFull] },
      admin.token,
    );
    expect(fullRole.status, fullRole.body.message).toBe(200);
    const seniorStaff = await call(t.app, organisationStaff.calls.update!, { _id: senior.id, designation: 'Head of desk' }, admin.token);
    expect(seniorStaff.status, seniorStaff.body.message).toBe(200);
    expect((await call(t.app, staffCredentialsReset, { _id: senior.id }, admin.token)).status).toBe(200);
    expect((await call(t.app, organisationStaff.calls.setStatus!, { _id: senior.id, status: 'INACTIVE' }, admin.token)).status).toBe(200);
    const platform = await call(
      t.app,
      organisationStaff.calls.update!,
      { _id: senior.id, roleIds: [roles.admin, roles.senior] },
      w.platformAdmin.token,
    );
    expect(platform.status, platform.body.message).toBe(200);
    expect((await call(t.app, organisationStaff.calls.remove!, { _id: senior.id }, admin.token)).status).toBe(200);
  });
});

describe('changes of access count from the next request', () => {
  it("taking a permission off a role, or a role off a staff member, refuses that staff member's next call", async () => {
    const reader = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [roles.junior] });
    expect((await call(t.app, organisationStaff.calls.list!, {}, reader.token)).status).toBe(200);
    expect((await call(t.app, crmRole.calls.update!, { _id: roles.junior, permissions: [] }, admin.token)).status).toBe(200);
    expect((await call(t.app, organisationStaff.calls.list!, {}, reader.token)).status).toBe(403);

    const staffRead = await permissionId(t.app, w.root, { feature: 'OrganisationStaff', level: 'READ' });
    const readerRole = await aRole(t.app, admin.token, [staffRead]);
    await call(t.app, organisationStaff.calls.update!, { _id: reader.id, roleIds: [readerRole] }, admin.token);
    expect((await call(t.app, organisationStaff.calls.list!, {}, reader.token)).status).toBe(200);
    await call(t.app, organisationStaff.calls.update!, { _id: reader.id, roleIds: [] }, admin.token);
    expect((await call(t.app, organisationStaff.calls.list!, {}, reader.token)).status).toBe(403);
  });
});

describe('nobody changes their own email through the staff record', () => {
  it('the manager cannot move their own account to another address without the two codes', async () => {
    const elsewhere = `${unique('manny-moved')}@example.com`;
    expectRefused(
      await call(t.app, organisationStaff.calls.update!, { _id: manager.id, email: elsewhere }, manager.token),
      'Change your own email from your profile, where a code sent to both addresses confirms it',
    );
    expect((await staffRecord(manager.id)).email).toBe(manager.email);
  });

  it('the organisation admin neither, while other fields of their own record still save', async () => {
    const elsewhere = `${unique('admin-moved')}@example.com`;
    expect((await call(t.app, organisationStaff.calls.update!, { _id: admin.id, email: elsewhere }, admin.token)).status).toBe(403);
    const designation = await call(t.app, organisationStaff.calls.update!, { _id: admin.id, designation: 'Director' }, admin.token);
    expect(designation.status, designation.body.message).toBe(200);
    expect((await staffRecord(admin.id)).email).toBe(admin.email);
  });
});
