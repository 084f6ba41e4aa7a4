import { crmRole } from '@app/contract/resources/crm-access';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { beforeAll, describe, expect, it } from 'vitest';
import { roleRepository } from '../src/areas/crm-access/repository';
import { HttpError } from '../src/engine/errors';
import { aRole, permissionId } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, type World, withWorld } from './support/world';

/**
 * Issue 26 point 7: the built-in Organisation admin role cannot be changed, reassigned or deleted by
 * any call (single, bulk by id or by search, as an admin, a platform admin or staff with role
 * editing), nor by code that writes through the role repository; and nobody below an organisation
 * admin gives it or takes it away.
 */
let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const rolesBulk = { method: 'PUT' as const, path: '/crm/roles/bulk' };
const staffBulk = { method: 'PUT' as const, path: '/organisation/staff/bulk' };
let adminRole: { _id: string; title: string; permissions: string[]; ownerId: string | null };
let adminId: string;

const roleNow = async () => {
  const { body } = await call(t.app, crmRole.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
  return (body.data.results as (typeof adminRole & { isOrganisationAdmin: boolean })[]).find((r) => r.isOrganisationAdmin)!;
};
const expectUntouched = async () => {
  const now = await roleNow();
  expect(now).toBeDefined();
  expect(now._id).toBe(adminRole._id);
  expect(now.title).toBe(adminRole.title);
  expect(now.permissions).toEqual(adminRole.permissions);
  expect(now.ownerId).toBe(adminRole.ownerId);
};

beforeAll(async () => {
  adminRole = await roleNow();
  const staff = await call(t.app, organisationStaff.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
  adminId = (staff.body.data.results as { _id: string; email: string }[]).find((s) => s.email === w.orgA.adminEmail)!._id;
});

describe('the Organisation admin role itself', () => {
  it('is not changed by the single calls, whoever makes them', async () => {
    for (const token of [w.orgA.adminToken, w.root, w.platformAdmin.token]) {
      const updated = await call(t.app, crmRole.calls.update!, { _id: adminRole._id, title: 'Mine now' }, token);
      expect(updated.status).toBe(403);
      expect(updated.body.message).toBe('The Organisation admin role cannot be changed');
    }
    const removed = await call(t.app, crmRole.calls.remove!, { _id: adminRole._id }, w.root);
    expect(removed.status).toBe(403);
    expect(removed.body.message).toBe('The Organisation admin role cannot be deleted');
    await expectUntouched();
  });

  it('is not reassigned or deleted in bulk, by id or among all a search matches (nothing else changes either)', async () => {
    const other = await aRole(t.app, w.orgA.adminToken, []);
    const rolesEditor = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [await aRole(t.app, w.orgA.adminToken, [await permissionId(t.app, w.root, { feature: 'Roles', level: 'FULL' })])],
    });
    const attempts = [
      { token: w.orgA.adminToken, body: { ids: [adminRole._id], action: 'assign-owner', value: w.staffA.id } },
      { token: w.orgA.adminToken, body: { ids: [other, adminRole._id], action: 'assign-owner', value: w.staffA.id } },
      { token: w.root, body: { ids: [adminRole._id], action: 'assign-owner', value: w.staffA.id } },
      { token: rolesEditor.token, body: { ids: [adminRole._id], action: 'assign-owner', value: w.staffA.id } },
      { token: w.orgA.adminToken, body: { matching: { search: '', filter: {} }, action: 'assign-owner', value: w.staffA.id } },
      { token: w.root, body: { ids: [adminRole._id], action: 'delete' } },
      { token: w.root, body: { ids: [other, adminRole._id], action: 'delete' } },
      { token: w.root, body: { matching: { search: 'Organisation admin', filter: {} }, action: 'delete' } },
    ];
    for (const { token, body } of attempts) {
      const { status, body: answer } = await call(t.app, rolesBulk, body, token);
      expect(status, `${JSON.stringify(body)}: ${answer.message}`).toBe(403);
    }
    await expectUntouched();
    // One transaction: the other role named beside it was not changed either.
    const others = await call(t.app, crmRole.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
    const kept = (others.body.data.results as { _id: string; ownerId: string }[]).find((r) => r._id === other);
    expect(kept?.ownerId).not.toBe(w.staffA.id);
    // The action itself still works on an ordinary role.
    const done = await call(t.app, rolesBulk, { ids: [other], action: 'assign-owner', value: w.staffA.id }, w.orgA.adminToken);
    expect(done.body.data).toEqual({ changed: 1 });
  });

  it('is refused by the role repository itself, so no workflow or future call can go around it', async () => {
    const scope = { organisationId: w.orgA.id };
    const { db } = t.app.database;
    // A write by no caller (a queued job's), straight through the repository.
    const system = { caller: null, scope, services: t.app.services, afterCommit: () => undefined };
    const refused = async (work: () => Promise<unknown>, message: string) => {
      const error = await work().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(403);
      expect((error as HttpError).message).toBe(message);
    };
    await refused(
      () => roleRepository.update(db, { ...system, id: adminRole._id, values: { title: 'x' } }),
      'The Organisation admin role cannot be changed',
    );
    await refused(
      () => roleRepository.assignOwner(db, { ...system, id: adminRole._id, ownerId: w.staffA.id }),
      'The Organisation admin role cannot be changed',
    );
    await refused(() => roleRepository.remove(db, { ...system, id: adminRole._id }), 'The Organisation admin role cannot be deleted');
    await expectUntouched();
  });
});

describe('giving and taking the Organisation admin role', () => {
  it('staff with full staff and role access cannot give it to themselves or take it from the admin, by any call', async () => {
    const editor = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [
        await aRole(t.app, w.orgA.adminToken, [
          await permissionId(t.app, w.root, { feature: 'OrganisationStaff', level: 'FULL' }),
          await permissionId(t.app, w.root, { feature: 'Roles', level: 'FULL' }),
        ]),
      ],
    });
    const give = await call(t.app, organisationStaff.calls.update!, { _id: editor.id, roleIds: [adminRole._id] }, editor.token);
    expect(give.status).toBe(403);
    expect(give.body.message).toBe('Only an organisation admin can give the Organisation admin role');
    const giveColleague = await call(t.app, organisationStaff.calls.update!, { _id: w.staffA.id, roleIds: [adminRole._id] }, editor.token);
    expect(giveColleague.status).toBe(403);

    const take = await call(t.app, organisationStaff.calls.update!, { _id: adminId, roleIds: [] }, editor.token);
    expect(take.status).toBe(403);
    const deactivate = await call(t.app, organisationStaff.calls.setStatus!, { _id: adminId, status: 'INACTIVE' }, editor.token);
    expect(deactivate.status).toBe(403);
    for (const body of [
      { ids: [adminId], action: 'set-status', value: 'INACTIVE' },
      { ids: [adminId], action: 'delete' },
      { ids: [adminId], action: 'assign-owner', value: editor.id },
      { matching: { search: w.orgA.adminEmail, filter: {} }, action: 'set-status', value: 'INACTIVE' },
    ]) {
      const { status } = await call(t.app, staffBulk, body, editor.token);
      expect(status, JSON.stringify(body)).toBe(403);
    }
    // The admin is still the admin, active, and still signs in to everything.
    const me = await call(t.app, organisationStaff.calls.details!, { _id: adminId }, w.orgA.adminToken);
    expect(me.body.data.status).toBe('ACTIVE');
    expect(me.body.data.roleIds).toEqual([adminRole._id]);
  });

  it('no call makes a second one: a role created with isOrganisationAdmin is refused, by anyone', async () => {
    for (const [token, extra] of [
      [w.orgA.adminToken, {}],
      [w.root, { organisationId: w.orgA.id }],
    ] as const) {
      const made = await call(
        t.app,
        crmRole.calls.create!,
        { title: 'Also admin', value: `also-admin-${Date.now()}`, permissions: [], isOrganisationAdmin: true, ...extra },
        token,
      );
      expect(made.status).toBe(400);
    }
    const roles = await call(t.app, crmRole.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
    expect((roles.body.data.results as { isOrganisationAdmin: boolean }[]).filter((r) => r.isOrganisationAdmin)).toHaveLength(1);
  });

  it('an organisation admin may give it (authority.ts: organisation admins are not limited)', async () => {
    const colleague = await aStaffMember(t.app, w.orgA.adminToken);
    const given = await call(t.app, organisationStaff.calls.update!, { _id: colleague.id, roleIds: [adminRole._id] }, w.orgA.adminToken);
    expect(given.status).toBe(200);
    expect(given.body.data.roleIds).toEqual([adminRole._id]);
  });
});
