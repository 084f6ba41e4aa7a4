import { slugify } from '@app/contract/conventions/career';
import { skill } from '@app/contract/resources/job-board/lookups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityLogs } from '../src/db/schema/services';
import { badRequest } from '../src/engine/errors';
import { registerResource } from '../src/engine/register-resource';
import { resourceRepository } from '../src/engine/repository';
import { logsOf } from './support/entity-log';
import { call, startTestApp, type TestApp } from './support/test-app';
import { aClientUser, createTestTables, testThing, testThings } from './support/test-resources';
import { aWorld, type World } from './support/world';

const things = resourceRepository(testThing, testThings);
const commits: string[] = [];

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp({
    extend: async (app) => {
      await createTestTables(app);
      registerResource(app, things, {
        hooks: {
          // The values are typed by the definition: `title` is a string here, `before.status` a status.
          beforeCreate: ({ values }) => {
            if (values.title === 'refused') throw badRequest('Refused by the hook');
            return { ...values, slug: slugify(values.title) };
          },
          beforeUpdate: ({ values, before, action }) => {
            if (action === 'UPDATE' && before.status === 'HIDDEN') throw badRequest('A hidden thing cannot be edited');
            return values.title ? { ...values, slug: slugify(values.title) } : values;
          },
          afterWrite: async (hook) => {
            const { db, operation, record } = hook;
            if (record.title !== 'explode') return;
            // A logged write of its own, then a refusal: both go with the transaction.
            await things.create(db, { ...hook, values: { title: `side effect of ${operation}` } });
            throw badRequest('Exploded after writing');
          },
          afterCommit: ({ operation }) => {
            commits.push(operation);
          },
          listWhere: ({ caller }) => (caller?.userType === 'CRM_CLIENT_USER' ? [eq(testThings.status, 'ACTIVE')] : []),
        },
      });
    },
  });
  w = await aWorld(t.app);
});
afterAll(() => t.close());

const rowsTitled = (title: string) => t.app.database.db.select().from(testThings).where(eq(testThings.title, title));

describe('resource hooks', () => {
  it('saves and logs the values a before hook derives, and tells afterCommit once the write is in', async () => {
    commits.length = 0;
    const created = await call(t.app, testThing.calls.create!, { title: 'Big Plan' }, w.orgA.adminToken);
    expect(created.status).toBe(200);
    expect(created.body.data.slug).toBe(slugify('Big Plan'));
    const updated = await call(t.app, testThing.calls.update!, { _id: created.body.data._id, title: 'Bigger Plan' }, w.orgA.adminToken);
    expect(updated.body.data.slug).toBe(slugify('Bigger Plan'));
    const logs = await logsOf(t.app, created.body.data._id);
    expect(logs.map((l) => l.action)).toEqual(['CREATE', 'UPDATE']);
    expect(logs[0]?.to).toMatchObject({ slug: slugify('Big Plan') });
    expect(logs[1]?.to).toMatchObject({ slug: slugify('Bigger Plan') });
    expect(commits).toEqual(['create', 'update']);
  });

  it('answers a before hook’s refusal as its 4xx, with nothing written and nothing committed', async () => {
    commits.length = 0;
    const refused = await call(t.app, testThing.calls.create!, { title: 'refused' }, w.orgA.adminToken);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Refused by the hook');
    expect(await rowsTitled('refused')).toHaveLength(0);

    const hidden = await call(t.app, testThing.calls.create!, { title: 'Quiet', status: 'HIDDEN' }, w.orgA.adminToken);
    const edit = await call(t.app, testThing.calls.update!, { _id: hidden.body.data._id, title: 'Loud' }, w.orgA.adminToken);
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('A hidden thing cannot be edited');
    // A status change is not an edit: the hook sees which it is.
    const shown = await call(t.app, testThing.calls.setStatus!, { _id: hidden.body.data._id, status: 'ACTIVE' }, w.orgA.adminToken);
    expect(shown.status).toBe(200);
    expect(commits).toEqual(['create', 'setStatus']);
  });

  it('runs afterWrite in the write’s transaction: when it throws, neither the record, its own writes nor their logs stay', async () => {
    commits.length = 0;
    const exploded = await call(t.app, testThing.calls.create!, { title: 'explode' }, w.orgA.adminToken);
    expect(exploded.status).toBe(400);
    expect(exploded.body.message).toBe('Exploded after writing');
    expect(await rowsTitled('explode')).toHaveLength(0);
    expect(await rowsTitled('side effect of create')).toHaveLength(0);
    const logged = await t.app.database.db.select().from(entityLogs).where(eq(entityLogs.entityType, testThing.name));
    expect(logged.filter((l) => JSON.stringify(l.to ?? {}).includes('explode'))).toHaveLength(0);
    expect(commits).toEqual([]);

    // Renaming a saved thing to the same fate rolls the rename back too.
    const kept = await call(t.app, testThing.calls.create!, { title: 'steady' }, w.orgA.adminToken);
    const renamed = await call(t.app, testThing.calls.update!, { _id: kept.body.data._id, title: 'explode' }, w.orgA.adminToken);
    expect(renamed.status).toBe(400);
    expect(await rowsTitled('steady')).toHaveLength(1);
    expect(await rowsTitled('side effect of update')).toHaveLength(0);
  });

  it('ANDs a list hook’s conditions into the list for the callers it names', async () => {
    const org = w.orgA.id;
    const client = await aClientUser(t.app, { organisationId: org, clientId: 'client-hooks' });
    for (const [title, status] of [
      ['shown to clients', 'ACTIVE'],
      ['hidden from clients', 'HIDDEN'],
    ] as const) {
      await call(t.app, testThing.calls.create!, { title, status, clientId: 'client-hooks' }, w.orgA.adminToken);
    }
    const seen = async (token: string) =>
      (await call(t.app, testThing.calls.list!, { limit: 'ALL' }, token)).body.data.results.map((r: { title: string }) => r.title);
    expect(await seen(client.token)).toEqual(['shown to clients']);
    expect(await seen(w.orgA.adminToken)).toEqual(expect.arrayContaining(['shown to clients', 'hidden from clients']));
  });
});

describe('hooks on a real resource', () => {
  it('derives a skill’s value from its label, saved and logged', async () => {
    const label = `Rust Lang ${Date.now()}`;
    const { status, body } = await call(t.app, skill.calls.create!, { label }, w.root);
    expect(status).toBe(200);
    expect(body.data.value).toBe(slugify(label));
    const [log] = await logsOf(t.app, body.data._id);
    expect(log?.to).toMatchObject({ label, value: slugify(label) });
  });
});
