import { createFirstSuperAdmin, login, me, setupStatus } from '@app/contract/resources/auth';
import { crmRole } from '@app/contract/resources/crm-access';
import { entityLog } from '@app/contract/resources/entity-log';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './support/test-app';
import { anOrganisation, aStaffMember, password, signIn, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

describe('creating an organisation', () => {
  it('makes its Organisation admin role and its admin user, who signs in to the CRM', async () => {
    const org = await anOrganisation(t.app, w.root, 'Northwind Talent');
    expect(org.record).toMatchObject({ name: 'Northwind Talent', status: 'ACTIVE', itemId: { prefix: 'ORG' } });
    const { body } = await call(t.app, me, {}, org.adminToken);
    expect(body.data).toMatchObject({ userType: 'CRM_USER', organisationId: org.id, email: org.adminEmail });
    const roles = await call(t.app, crmRole.calls.list!, {}, org.adminToken);
    expect(roles.body.data.results).toEqual([expect.objectContaining({ title: 'Organisation admin', isOrganisationAdmin: true })]);
    const staff = await call(t.app, organisationStaff.calls.list!, {}, org.adminToken);
    expect(staff.body.data.results[0].roleIds).toEqual([roles.body.data.results[0]._id]);
    expect(staff.body.data.results[0].itemId.combined).toBe('USR-1');
  });

  it('refuses an admin email that is already registered (409) and leaves nothing behind', async () => {
    const before = (await call(t.app, organisation.calls.list!, { limit: 'ALL' }, w.root)).body.data.totalResults;
    const { status } = await call(
      t.app,
      organisation.calls.create!,
      {
        name: 'Dup',
        email: 'dup@example.com',
        phoneNumber: '0161',
        adminUser: { email: w.orgA.adminEmail, phone: '1', passwordHash: password },
      },
      w.root,
    );
    expect(status).toBe(409);
    expect((await call(t.app, organisation.calls.list!, { limit: 'ALL' }, w.root)).body.data.totalResults).toBe(before);
  });

  it('is for the super admin only', async () => {
    expect((await call(t.app, organisation.calls.list!, {}, w.platformAdmin.token)).status).toBe(403);
    expect((await call(t.app, organisation.calls.list!, {}, w.orgA.adminToken)).status).toBe(403);
  });

  it('deactivating it signs its staff out and keeps them out', async () => {
    const org = await anOrganisation(t.app, w.root);
    await call(t.app, organisation.calls.setStatus!, { _id: org.id, status: 'INACTIVE' }, w.root);
    expect((await call(t.app, me, {}, org.adminToken)).status).toBe(401);
    expect((await call(t.app, login, { email: org.adminEmail, password })).status).toBe(403);
  });

  it('numbers item ids per organisation without gaps or repeats under concurrency', async () => {
    const org = await anOrganisation(t.app, w.root);
    const made = await Promise.all(Array.from({ length: 8 }, () => aStaffMember(t.app, org.adminToken)));
    expect(made).toHaveLength(8);
    const { body } = await call(t.app, organisationStaff.calls.list!, { limit: 'ALL' }, org.adminToken);
    const numbers = body.data.results.map((r: { itemId: { number: number } }) => r.itemId.number).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: 9 }, (_, i) => i + 1));
  });
});

describe('the entity log', () => {
  it('records who created, updated, changed the status of and deleted a record, from and to', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken, { first: 'Logged' });
    await call(t.app, organisationStaff.calls.update!, { _id: staff.id, designation: 'Sourcer' }, w.orgA.adminToken);
    await call(
      t.app,
      organisationStaff.calls.setStatus!,
      { _id: staff.id, status: { label: 'Inactive', value: 'INACTIVE' } },
      w.orgA.adminToken,
    );
    await call(t.app, organisationStaff.calls.remove!, { _id: staff.id }, w.orgA.adminToken);
    const { status, body } = await call(t.app, entityLog.calls.list!, { limit: 'ALL', filter: { entityId: staff.id } }, w.orgA.adminToken);
    expect(status, body.message).toBe(200);
    const byAction = Object.fromEntries(body.data.results.map((r: { action: string }) => [r.action, r]));
    expect(Object.keys(byAction).sort()).toEqual(['CREATE', 'DELETE', 'STATUS_CHANGE', 'UPDATE']);
    expect(byAction.UPDATE).toMatchObject({ from: { designation: null }, to: { designation: 'Sourcer' }, user: { name: 'Ada Admin' } });
    expect(byAction.STATUS_CHANGE).toMatchObject({ from: { status: 'ACTIVE' }, to: { status: 'INACTIVE' } });
    // Named by number and name, never by id.
    expect(byAction.CREATE.description).toMatch(/^Ada Admin created OrganisationStaff USR-\d+ \S.*$/);
    expect(byAction.CREATE.description).not.toContain(staff.id);
    expect(byAction.CREATE.relatedTo).toMatchObject({ _id: staff.id, entityType: 'OrganisationStaff' });
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('shows an organisation only its own log, and filters by action', async () => {
    const theirs = await call(t.app, entityLog.calls.list!, { limit: 'ALL' }, w.orgB.adminToken);
    const ours = await call(t.app, entityLog.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
    const ourIds = new Set(ours.body.data.results.map((r: { _id: string }) => r._id));
    expect(theirs.body.data.results.some((r: { _id: string }) => ourIds.has(r._id))).toBe(false);
    const creates = await call(t.app, entityLog.calls.list!, { limit: 'ALL', filter: { action: 'CREATE' } }, w.orgA.adminToken);
    expect(creates.body.data.results.every((r: { action: string }) => r.action === 'CREATE')).toBe(true);
    expect((await call(t.app, entityLog.calls.list!, { filter: { action: 'EXPLODE' } }, w.orgA.adminToken)).status).toBe(400);
  });

  it('is refused to staff without the EntityLog permission', async () => {
    expect((await call(t.app, entityLog.calls.list!, {}, w.staffA.token)).status).toBe(403);
  });
});

describe('first-run setup', () => {
  it('asks for the first super admin when none exists, once', async () => {
    const fresh = await startTestApp({ withSuperAdmin: false });
    try {
      expect((await call(fresh.app, setupStatus, {})).body.data).toEqual({ needsSetup: true });
      const input = { name: { first: 'Root', last: 'User' }, email: 'first@example.com', password: 'Str0ng-enough' };
      const made = await call(fresh.app, createFirstSuperAdmin, input);
      expect(made.status, made.body.message).toBe(200);
      expect(made.body.data.user.userType).toBe('SUPER_ADMIN');
      expect((await call(fresh.app, setupStatus, {})).body.data).toEqual({ needsSetup: false });
      expect((await call(fresh.app, createFirstSuperAdmin, { ...input, email: 'second@example.com' })).status).toBe(409);
      expect(await signIn(fresh.app, 'first@example.com', 'Str0ng-enough')).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });
});
