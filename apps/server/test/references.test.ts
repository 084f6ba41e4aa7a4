import { contact } from '@app/contract/resources/crm/contact';
import { task } from '@app/contract/resources/crm/task';
import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { entityLog } from '@app/contract/resources/entity-log';
import { industry, skill } from '@app/contract/resources/job-board/lookups';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { candidateRepository } from '../src/areas/crm/candidate-repository';
import { staffRepository } from '../src/areas/staff/repository';
import type { Executor } from '../src/db/client';
import { crmFeatures } from '../src/db/schema/crm-access';
import { industries } from '../src/db/schema/lookups';
import { users } from '../src/db/schema/users';
import { checkReferences } from '../src/engine/references';
import { resourceRepository } from '../src/engine/repository';
import { aRole, permissionId } from './support/access';
import { aCandidate } from './support/candidates';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const staffInput = (roleIds: string[]) => ({
  name: { first: 'Rhea', last: unique('Ref') },
  email: `${unique('ref')}@example.com`,
  phone: '+447700900777',
  password: 'Passw0rd-long',
  roleIds,
});

const staffByEmail = (email: string) => t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));

const anIndustry = async (label = unique('Industry ')) => {
  const { status, body } = await call(t.app, industry.calls.create!, { label }, w.root);
  expect(status).toBe(200);
  return { _id: body.data._id as string, label };
};

describe('a reference on create and update', () => {
  it("refuses another organisation's role with a 404 and writes nothing", async () => {
    const theirs = await aRole(t.app, w.orgB.adminToken, []);
    const input = staffInput([theirs]);
    const { status, body } = await call(t.app, organisationStaff.calls.create!, input, w.orgA.adminToken);
    expect(status).toBe(404);
    expect(body.message).toBe('Role not found');
    expect(await staffByEmail(input.email)).toEqual([]);
  });

  it("refuses a platform admin's staff member whose role belongs to another organisation than the one named", async () => {
    const ofB = await aRole(t.app, w.orgB.adminToken, []);
    const input = { ...staffInput([ofB]), organisationId: w.orgA.id };
    const { status, body } = await call(t.app, organisationStaff.calls.create!, input, w.platformAdmin.token);
    expect(status).toBe(404);
    expect(body.message).toBe('Role not found');
    expect(await staffByEmail(input.email)).toEqual([]);
  });

  it('refuses a list of ids when one of them is foreign, and keeps the saved list', async () => {
    const mine = await aRole(t.app, w.orgA.adminToken, []);
    const theirs = await aRole(t.app, w.orgB.adminToken, []);
    const staff = await call(t.app, organisationStaff.calls.create!, staffInput([mine]), w.orgA.adminToken);
    expect(staff.status).toBe(200);
    const refused = await call(
      t.app,
      organisationStaff.calls.update!,
      { _id: staff.body.data._id, roleIds: [mine, theirs] },
      w.orgA.adminToken,
    );
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Role not found');
    const details = await call(t.app, organisationStaff.calls.details!, { _id: staff.body.data._id }, w.orgA.adminToken);
    expect(details.body.data.roleIds).toEqual([mine]);
  });

  it('refuses a deleted record: a removed module, a soft-deleted industry', async () => {
    const module = await call(t.app, crmModule.calls.create!, { title: unique('Gone '), value: unique('gone-') }, w.root);
    expect((await call(t.app, crmModule.calls.remove!, { _id: module.body.data._id }, w.root)).status).toBe(200);
    const feature = await call(
      t.app,
      crmFeature.calls.create!,
      { title: 'F', value: unique('f-'), modelName: 'Candidate', moduleId: module.body.data._id },
      w.root,
    );
    expect(feature.status).toBe(404);
    expect(feature.body.message).toBe('Module not found');

    const gone = await anIndustry();
    await t.app.database.db.update(industries).set({ isDeleted: true }).where(eq(industries.id, gone._id));
    const created = await call(t.app, skill.calls.create!, { label: unique('Skill '), industryId: gone._id }, w.root);
    expect(created.status).toBe(404);
    expect(created.body.message).toBe('Industry not found');
    const orgUpdate = await call(t.app, organisation.calls.update!, { _id: w.orgA.id, industryId: gone._id }, w.root);
    expect(orgUpdate.status).toBe(404);
    expect(orgUpdate.body.message).toBe('Industry not found');
  });

  it('takes live ids, and an update that does not send the reference is not checked against it', async () => {
    const live = await anIndustry();
    const created = await call(t.app, skill.calls.create!, { label: unique('Skill '), industryId: live._id }, w.root);
    expect(created.status).toBe(200);
    await t.app.database.db.update(industries).set({ isDeleted: true }).where(eq(industries.id, live._id));
    const renamed = await call(t.app, skill.calls.update!, { _id: created.body.data._id, label: unique('Renamed ') }, w.root);
    expect(renamed.status).toBe(200);
  });
});

describe('expanded references', () => {
  it('details and lists answer each role as { _id, label }, in the order held, for the record’s organisation only', async () => {
    const first = await aRole(t.app, w.orgA.adminToken, [], unique('First '));
    const second = await aRole(t.app, w.orgA.adminToken, [], unique('Second '));
    const titleOf = async (id: string) => {
      const { body } = await call(t.app, crmRole.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
      return body.data.results.find((r: { _id: string }) => r._id === id).title as string;
    };
    const expected = [
      { _id: second, label: await titleOf(second) },
      { _id: first, label: await titleOf(first) },
    ];
    const input = staffInput([second, first]);
    const staff = await call(t.app, organisationStaff.calls.create!, input, w.orgA.adminToken);
    const details = await call(t.app, organisationStaff.calls.details!, { _id: staff.body.data._id }, w.orgA.adminToken);
    expect(details.body.data.roles).toEqual(expected);
    const list = await call(t.app, organisationStaff.calls.list!, { search: input.name.last }, w.orgA.adminToken);
    expect(list.body.data.results[0].roles).toEqual(expected);
    // Without roles, an empty list rather than null.
    const plain = await call(t.app, organisationStaff.calls.details!, { _id: w.staffA.id }, w.orgA.adminToken);
    expect(plain.body.data.roles).toEqual([]);
  });

  it('answers one referenced record as { _id, label }, and null without one', async () => {
    const named = await anIndustry();
    const withIndustry = await call(t.app, skill.calls.create!, { label: unique('Welding '), industryId: named._id }, w.root);
    const without = await call(t.app, skill.calls.create!, { label: unique('Knitting ') }, w.root);
    const { body } = await call(t.app, skill.calls.list!, { limit: 'ALL' }, w.root);
    const byId = (id: string) => body.data.results.find((r: { _id: string }) => r._id === id);
    expect(byId(withIndustry.body.data._id).industry).toEqual(named);
    expect(byId(without.body.data._id).industry).toBeNull();

    const features = await call(t.app, crmFeature.calls.list!, { limit: 1 }, w.root);
    const feature = features.body.data.results[0];
    const modules = await call(t.app, crmModule.calls.list!, { limit: 'ALL' }, w.root);
    const module = modules.body.data.results.find((m: { _id: string }) => m._id === feature.moduleId);
    expect(feature.module).toEqual({ _id: module._id, label: module.title });
    const permissions = await call(t.app, crmPermission.calls.list!, { limit: 1, filter: { featureId: feature._id } }, w.root);
    expect(permissions.body.data.results[0]).toMatchObject({ module: feature.module, feature: { _id: feature._id, label: feature.title } });
  });

  it('reads a page of staff with their roles in one statement, and one record in one too', async () => {
    const role = await aRole(t.app, w.orgA.adminToken, []);
    for (let i = 0; i < 3; i += 1) await call(t.app, organisationStaff.calls.create!, staffInput([role]), w.orgA.adminToken);
    const statements: string[] = [];
    const logger = { logQuery: (query: string) => statements.push(query) };
    const { db, kind } = t.app.database;
    const client = (db as unknown as { $client: never }).$client;
    const counted = (kind === 'postgres'
      ? drizzlePg(client, { casing: 'snake_case', logger })
      : drizzlePglite(client, { casing: 'snake_case', logger })) as unknown as Executor;
    const scope = { organisationId: w.orgA.id };

    const page = await staffRepository.list(counted, scope, { page: 1, limit: 10, search: '', filter: {} });
    expect(page.results.length).toBeGreaterThanOrEqual(4);
    expect(page.results.filter((r) => (r.roles as unknown[]).length === 1).length).toBeGreaterThanOrEqual(3);
    expect(statements).toHaveLength(1);

    statements.length = 0;
    const one = await staffRepository.details(counted, scope, page.results[0]!._id);
    expect(one.roles).toEqual(page.results[0]!.roles);
    expect(statements).toHaveLength(1);
  });
});

describe('references and the caller’s permissions', () => {
  const staffWith = async (grants: { feature: string; level: 'READ' | 'WRITE'; scope?: 'OWN' | 'ALL' }[]) => {
    const permissions = await Promise.all(grants.map((grant) => permissionId(t.app, w.root, grant)));
    const role = await aRole(t.app, w.orgA.adminToken, permissions);
    return { ...(await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [role] })), role };
  };

  it('name oneself without a permission on staff, and a colleague only with READ on staff', async () => {
    const tasksOnly = await staffWith([{ feature: 'Task', level: 'WRITE' }]);
    const staffReader = await staffWith([
      { feature: 'Task', level: 'WRITE' },
      { feature: 'OrganisationStaff', level: 'READ' },
    ]);
    const self = await call(t.app, task.calls.create, { title: unique('Mine '), assigneeIds: [tasksOnly.id] }, tasksOnly.token);
    expect(self.status, self.body.message).toBe(200);
    const colleague = await call(t.app, task.calls.create, { title: unique('Theirs '), assigneeIds: [w.staffA.id] }, tasksOnly.token);
    expect(colleague.status).toBe(404);
    expect(colleague.body.message).toBe('Organisation Staff not found');
    const allowed = await call(t.app, task.calls.create, { title: unique('Theirs '), assigneeIds: [w.staffA.id] }, staffReader.token);
    expect(allowed.status, allowed.body.message).toBe(200);

    // Expanded, a task names to them only themselves.
    const both = await call(
      t.app,
      task.calls.create,
      { title: unique('Both '), assigneeIds: [w.staffA.id, tasksOnly.id] },
      w.orgA.adminToken,
    );
    const seen = await call(t.app, task.calls.details, { _id: both.body.data._id }, tasksOnly.token);
    expect(seen.body.data.assigneeIds).toEqual([w.staffA.id, tasksOnly.id]);
    expect(seen.body.data.assignees.map((a: { _id: string }) => a._id)).toEqual([tasksOnly.id]);
    const full = await call(t.app, task.calls.details, { _id: both.body.data._id }, staffReader.token);
    expect(full.body.data.assignees.map((a: { _id: string }) => a._id)).toEqual([w.staffA.id, tasksOnly.id]);
  });

  it('are not narrowed for the system’s own work, and a narrowed page is still one statement', async () => {
    const reader = await staffWith([
      { feature: 'Candidate', level: 'READ' },
      { feature: 'Contact', level: 'READ', scope: 'OWN' },
    ]);
    const person = await call(
      t.app,
      contact.calls.create,
      { profile: { name: { first: 'Hidden', last: unique('Person') }, email: `${unique('hidden')}@example.com` } },
      w.orgA.adminToken,
    );
    const held = await aCandidate(t.app, w.orgA.adminToken, { contactIds: [person.body.data._id] });
    // The reader's permissions, cached as every call of theirs would.
    expect((await call(t.app, candidateRepository.def.calls.list!, { search: held.email }, reader.token)).status).toBe(200);

    const statements: string[] = [];
    const logger = { logQuery: (query: string) => statements.push(query) };
    const { db, kind } = t.app.database;
    const client = (db as unknown as { $client: never }).$client;
    const counted = (kind === 'postgres'
      ? drizzlePg(client, { casing: 'snake_case', logger })
      : drizzlePglite(client, { casing: 'snake_case', logger })) as unknown as Executor;
    const request = { page: 1, limit: 10, search: held.email, filter: {} };
    const caller = { id: reader.id, userType: 'CRM_USER' as const, clientId: null, roleIds: [reader.role] };

    const narrowed = await candidateRepository.list(counted, { organisationId: w.orgA.id, caller }, request);
    expect(narrowed.results[0]?.contacts).toEqual([]);
    expect(statements).toHaveLength(1);
    const system = await candidateRepository.list(db, { organisationId: w.orgA.id }, request);
    expect(system.results[0]?.contacts).toEqual([{ _id: person.body.data._id, label: person.body.data.profile.name.fullName }]);
  });
});

describe('the startup check', () => {
  const withReferences = (name: string, references: Record<string, { resource: string }>) => {
    const def = { ...crmFeature, name, references, calls: {} };
    resourceRepository(def, crmFeatures);
    return () => checkReferences([def]);
  };

  it('refuses a reference to an unknown resource, from a field with no column, or to a resource without a label', () => {
    expect(withReferences('BadTarget', { moduleId: { resource: 'Nowhere' } })).toThrow('names the unknown resource "Nowhere"');
    expect(withReferences('BadField', { teamName: { resource: 'Module' } })).toThrow('reference "teamName" is not a field');
    expect(withReferences('NoLabel', { moduleId: { resource: entityLog.name } })).toThrow('names EntityLog, which has no labelField');
    expect(withReferences('Fine', { moduleId: { resource: 'Module' } })).not.toThrow();
  });
});
