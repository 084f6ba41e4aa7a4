import { defineResource, defineWorkflow } from '@app/contract/define-resource';
import { unscoped } from '@app/contract/scope-policy';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { teamMembers, teams } from '../src/db/schema/teams';
import { unscoped as unscopedQuery } from '../src/engine/context';
import { newId } from '../src/engine/ids';
import { registerCall } from '../src/engine/register-call';
import { registerResource } from '../src/engine/register-resource';
import { resourceRepository } from '../src/engine/repository';
import { aRole, permissionId } from './support/access';
import { call, startTestApp, type TestApp } from './support/test-app';
import {
  aClientUser,
  createTestTables,
  testGrant,
  testGrants,
  testNote,
  testNotes,
  testPeople,
  testPerson,
  testThing,
  testThings,
} from './support/test-resources';
import { aStaffMember, aWorld, type World } from './support/world';

const things = resourceRepository(testThing, testThings);
const people = resourceRepository(testPerson, testPeople);
const notes = resourceRepository(testNote, testNotes);
resourceRepository(testGrant, testGrants);

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp({
    extend: async (app) => {
      await createTestTables(app);
      registerResource(app, things);
      registerResource(app, people);
      registerResource(app, notes);
    },
  });
  w = await aWorld(t.app);
});
afterAll(() => t.close());

const titlesOf = async (token: string, spec = testThing.calls.list!) => {
  const { status, body } = await call(t.app, spec, { limit: 'ALL' }, token);
  expect(status).toBe(200);
  return body.data.results.map((r: { title?: string; name?: string; text?: string }) => r.title ?? r.name ?? r.text).sort();
};

const aThing = async (values: {
  title: string;
  organisationId: string;
  ownerId?: string;
  teamId?: string;
  clientId?: string;
  assigneeIds?: string[];
}) => {
  const id = newId();
  await t.app.database.db.insert(testThings).values({ id, assigneeIds: [], ...values });
  return id;
};

const staffWith = async (scope: 'OWN' | 'TEAM' | 'ALL') => {
  const permission = await permissionId(t.app, w.root, { feature: 'Candidate', level: 'READ', scope });
  const role = await aRole(t.app, w.orgA.adminToken, [permission]);
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [role] });
};

describe('permission scope OWN, TEAM and ALL, with the assignee policy', () => {
  it('shows each staff member only the rows their scope covers, and 404s the rest', async () => {
    const own = await staffWith('OWN');
    const team = await staffWith('TEAM');
    const all = await staffWith('ALL');
    const org = w.orgA.id;
    const red = newId();
    await t.app.database.db.insert(teams).values({ id: red, organisationId: org, name: 'Red team' });
    await t.app.database.db.insert(teamMembers).values({ id: newId(), teamId: red, userId: team.id, organisationId: org });
    const ownThing = await aThing({ title: 'owned by own', organisationId: org, ownerId: own.id });
    const assigned = await aThing({ title: 'assigned to own', organisationId: org, ownerId: all.id, assigneeIds: [own.id, 'someone'] });
    const teamThing = await aThing({ title: 'red team', organisationId: org, ownerId: all.id, teamId: red });
    const others = await aThing({ title: 'someone else', organisationId: org, ownerId: all.id });
    const elsewhere = await aThing({ title: 'other organisation', organisationId: w.orgB.id, ownerId: own.id });

    expect(await titlesOf(own.token)).toEqual(['assigned to own', 'owned by own']);
    expect(await titlesOf(team.token)).toEqual(['red team']);
    expect(await titlesOf(all.token)).toEqual(['assigned to own', 'owned by own', 'red team', 'someone else']);

    const details = (token: string, _id: string) => call(t.app, testThing.calls.details!, { _id }, token);
    expect((await details(own.token, ownThing)).status).toBe(200);
    expect((await details(own.token, assigned)).status).toBe(200);
    expect((await details(own.token, others)).status).toBe(404);
    expect((await details(own.token, teamThing)).status).toBe(404);
    expect((await details(team.token, teamThing)).status).toBe(200);
    expect((await details(team.token, others)).status).toBe(404);
    expect((await details(all.token, others)).status).toBe(200);
    expect((await details(all.token, elsewhere)).status).toBe(404);
  });
});

describe('client user policy', () => {
  it('shows a client user the rows of their own client only, and 404s another client’s', async () => {
    const org = w.orgA.id;
    const mine = await aThing({ title: 'for acme', organisationId: org, clientId: 'client-acme' });
    const theirs = await aThing({ title: 'for globex', organisationId: org, clientId: 'client-globex' });
    await aThing({ title: 'acme elsewhere', organisationId: w.orgB.id, clientId: 'client-acme' });
    const acme = await aClientUser(t.app, { organisationId: org, clientId: 'client-acme' });

    expect(await titlesOf(acme.token)).toEqual(['for acme']);
    expect((await call(t.app, testThing.calls.details!, { _id: mine }, acme.token)).status).toBe(200);
    expect((await call(t.app, testThing.calls.details!, { _id: theirs }, acme.token)).status).toBe(404);
    // Staff are not narrowed by it: the organisation admin sees both clients' rows.
    const adminTitles = await titlesOf(w.orgA.adminToken);
    expect(adminTitles).toEqual(expect.arrayContaining(['for acme', 'for globex']));
    expect(adminTitles).not.toContain('acme elsewhere');
  });
});

describe('granted access policy', () => {
  it('shows a client a person’s email only where a live grant for their client is set, and grant-only rows only where granted', async () => {
    const org = w.orgA.id;
    const db = t.app.database.db;
    const person = async (name: string) => {
      const id = newId();
      await db.insert(testPeople).values({ id, organisationId: org, name, email: `${name}@example.com` });
      await db.insert(testNotes).values({ id: newId(), organisationId: org, personId: id, text: `note on ${name}` });
      return id;
    };
    const granted = await person('granted');
    const notVisible = await person('not-visible');
    const otherClient = await person('other-client');
    const revoked = await person('revoked');
    await person('no-grant');
    const grant = (personId: string, clientId: string, isVisible: boolean, isDeleted = false) =>
      db.insert(testGrants).values({ id: newId(), organisationId: org, personId, clientId, isVisible, isDeleted });
    await grant(granted, 'client-acme', true);
    await grant(notVisible, 'client-acme', false);
    await grant(otherClient, 'client-globex', true);
    await grant(revoked, 'client-acme', true, true);
    const acme = await aClientUser(t.app, { organisationId: org, clientId: 'client-acme' });

    const listed = await call(t.app, testPerson.calls.list!, { limit: 'ALL' }, acme.token);
    const emails = Object.fromEntries(listed.body.data.results.map((p: { name: string; email: string | null }) => [p.name, p.email]));
    expect(emails).toEqual({
      granted: 'granted@example.com',
      'not-visible': null,
      'other-client': null,
      revoked: null,
      'no-grant': null,
    });
    const one = await call(t.app, testPerson.calls.details!, { _id: notVisible }, acme.token);
    expect(one.status).toBe(200);
    expect(one.body.data.email).toBeNull();
    expect((await call(t.app, testPerson.calls.details!, { _id: granted }, acme.token)).body.data.email).toBe('granted@example.com');
    // Staff are not narrowed by it.
    const staff = await call(t.app, testPerson.calls.details!, { _id: notVisible }, w.orgA.adminToken);
    expect(staff.body.data.email).toBe('not-visible@example.com');

    // Without `fields`, the row itself is there only where granted.
    expect(await titlesOf(acme.token, testNote.calls.list!)).toEqual(['note on granted']);
    const notesOf = await call(t.app, testNote.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
    expect(notesOf.body.data.results).toHaveLength(5);
    const hidden = notesOf.body.data.results.find((n: { personId: string }) => n.personId === notVisible);
    expect((await call(t.app, testNote.calls.details!, { _id: hidden._id }, acme.token)).status).toBe(404);
  });
});

describe('unscoped queries are written out', () => {
  it('refuses a repository query with an empty scope, and answers one named unscoped', async () => {
    const db = t.app.database.db;
    const request = { page: 1, limit: 10, search: '', filter: {} } as const;
    await expect(things.list(db, {}, request)).rejects.toThrow(/TestThing without a scope/);
    await expect(things.find(db, {}, newId())).rejects.toThrow(/TestThing without a scope/);
    const page = await things.list(db, unscopedQuery('a test reads every organisation'), request);
    expect(page.totalResults).toBeGreaterThan(0);
  });
});

describe('registration', () => {
  const bareApp = () => {
    const app = Fastify();
    app.decorate('calls', []);
    app.decorate('resources', []);
    return app;
  };
  const openToStaff = (policies?: ReturnType<typeof unscoped>[]) =>
    defineResource({
      name: 'TestOpen',
      table: 'test_things',
      tenancy: 'organisation',
      ...(policies ? { policies } : {}),
      fields: z.object({ title: z.string() }),
      create: z.object({ title: z.string() }),
      update: z.object({ _id: z.string(), title: z.string().optional() }),
      search: [],
      filters: {},
      calls: { list: { method: 'POST', path: '/test/open/list', who: ['ADMIN', 'CRM_USER'] } },
    });

  it('fails for a call open to CRM_USER without a permission module', () => {
    expect(() => registerResource(bareApp(), resourceRepository(openToStaff(), testThings))).toThrow(
      'TestOpen.list is open to CRM_USER without a permission module',
    );
    const workflow = defineWorkflow({
      name: 'testWorkflow',
      tag: 'Test',
      method: 'POST',
      path: '/test/workflow',
      who: ['CRM_USER'],
      input: z.object({}),
      output: z.null(),
    });
    expect(() => registerCall(bareApp(), workflow, async () => null)).toThrow('testWorkflow is open to CRM_USER');
  });

  const aWorkflow = (who: ('CRM_USER' | 'CRM_CLIENT_USER' | 'JOB_SEEKER' | 'public')[]) =>
    defineWorkflow({
      name: 'testScoped',
      tag: 'Test',
      method: 'POST',
      path: '/test/scoped',
      who,
      access: { module: 'Candidate' },
      input: z.object({}),
      output: z.null(),
    });

  it('fails for a workflow open to more than organisation members that names neither its tenancy nor why it is unscoped', () => {
    for (const who of [['JOB_SEEKER'], ['public'], ['CRM_USER', 'JOB_SEEKER']] as const) {
      expect(() => registerCall(bareApp(), aWorkflow([...who]), async () => null)).toThrow(
        `testScoped (POST /test/scoped) is open to ${who.join(', ')}: declare its tenancy, or unscoped: 'why'`,
      );
      registerCall(bareApp(), { ...aWorkflow([...who]), unscoped: 'a test that narrows by the caller' }, async () => null);
      registerCall(bareApp(), { ...aWorkflow([...who]), tenancy: 'owner' }, async () => null);
    }
    expect(() => registerCall(bareApp(), { ...aWorkflow(['JOB_SEEKER']), tenancy: 'owner', unscoped: 'both' }, async () => null)).toThrow(
      'testScoped declares both a tenancy and unscoped',
    );
  });

  it("runs a workflow only organisation members may make in the caller's organisation unless it says otherwise", async () => {
    const scopes: unknown[] = [];
    const app = await startTestApp({
      extend: (built) => {
        registerCall(built, { ...aWorkflow(['CRM_USER', 'CRM_CLIENT_USER']), level: 'READ' }, async ({ scope }) => {
          scopes.push(scope);
          return null;
        });
      },
    });
    try {
      const world = await aWorld(app.app);
      const { status } = await call(app.app, aWorkflow(['CRM_USER']), {}, world.orgA.adminToken);
      expect(status).toBe(200);
      expect(scopes).toEqual([expect.objectContaining({ organisationId: world.orgA.id })]);
      expect(scopes[0]).not.toHaveProperty('unscoped');
    } finally {
      await app.close();
    }
  });

  it('passes once the call says by name why it goes without one', () => {
    const app = bareApp();
    registerResource(app, resourceRepository(openToStaff([unscoped('a test catalogue')]), testThings));
    // A list brings its CSV export, under the same rule.
    expect(app.calls.map((c) => c.name)).toEqual(['TestOpen.list', 'TestOpen.export']);
  });
});
