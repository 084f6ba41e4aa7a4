import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { entityLog } from '@app/contract/resources/entity-log';
import { industry, skill } from '@app/contract/resources/job-board/lookups';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { staffRepository } from '../src/areas/staff/repository';
import type { Executor } from '../src/db/client';
import { crmFeatures } from '../src/db/schema/crm-access';
import { industries } from '../src/db/schema/lookups';
import { users } from '../src/db/schema/users';
import { checkReferences } from '../src/engine/references';
import { resourceRepository } from '../src/engine/repository';
import { aRole } from './support/access';
import { call, type TestApp } from './support/test-app';
import { unique, type World, withWorld } from './support/world';

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
