import { candidate } from '@app/contract/resources/crm/candidate';
import { candidateImport } from '@app/contract/resources/crm/candidate-import';
import { contact } from '@app/contract/resources/crm/contact';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { candidateRepository } from '../src/areas/crm/candidate-repository';
import { candidates } from '../src/db/schema/candidates';
import { insideTransaction } from '../src/db/transaction-scope';
import { registerResource } from '../src/engine/register-resource';
import { resourceRepository } from '../src/engine/repository';
import type { ResourceHooks, WriteContext } from '../src/engine/resource-hooks';
import { aUniquePhone } from './support/candidates';
import { call, startTestApp, type TestApp } from './support/test-app';
import { createTestTables, testThing, testThings } from './support/test-resources';
import { aStaffMember, aWorld, unique, type World } from './support/world';

/** Every write of a test resource, counted by its hooks: which hook ran for which operation. */
const things = resourceRepository(testThing, testThings);
const ran: string[] = [];
const countingHooks: ResourceHooks<typeof testThing> = {
  beforeTransaction: ({ values }) => {
    ran.push(`beforeTransaction:${insideTransaction() ? 'inside' : 'outside'}`);
    return values;
  },
  afterRead: ({ operation, records }) => {
    ran.push(`afterRead:${operation}:${records.length}`);
    return records;
  },
  beforeCreate: ({ values }) => {
    ran.push('beforeCreate');
    return values;
  },
  beforeUpdate: ({ values, action }) => {
    ran.push(`beforeUpdate:${action}`);
    return values;
  },
  beforeRemove: () => {
    ran.push('beforeRemove');
  },
  afterWrite: ({ operation }) => {
    ran.push(`afterWrite:${operation}`);
  },
  afterCommit: ({ operation }) => {
    ran.push(`afterCommit:${operation}`);
  },
};

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp({
    extend: async (app) => {
      await createTestTables(app);
      registerResource(app, things, { hooks: countingHooks });
    },
  });
  w = await aWorld(t.app);
});
afterAll(() => t.close());
afterEach(() => {
  ran.length = 0;
});

const paths = {
  create: testThing.calls.create,
  update: testThing.calls.update,
  setStatus: testThing.calls.setStatus,
  remove: testThing.calls.remove,
  bulk: { method: 'PUT' as const, path: testThing.calls.list.path.replace(/list$/, 'bulk') },
};
const aThing = async () => {
  const made = await call(t.app, paths.create, { title: unique('Thing ') }, w.orgA.adminToken);
  expect(made.status, made.body.message).toBe(200);
  ran.length = 0;
  return made.body.data._id as string;
};
/** What a workflow hands the repository: the call's caller, scope and services. */
const writer = (): WriteContext => ({
  caller: null,
  scope: { organisationId: w.orgA.id },
  services: t.app.services,
  afterCommit: (task) => {
    void task(t.app.database.db);
  },
});

describe('the repository runs a resource’s hooks on every write path', () => {
  it('the generic calls: create, update, status and delete', async () => {
    await call(t.app, paths.create, { title: unique('Thing ') }, w.orgA.adminToken);
    expect(ran).toEqual(['beforeTransaction:outside', 'beforeCreate', 'afterWrite:create', 'afterCommit:create']);
    const id = await aThing();
    await call(t.app, paths.update, { _id: id, title: unique('Renamed ') }, w.orgA.adminToken);
    await call(t.app, paths.setStatus, { _id: id, status: 'HIDDEN' }, w.orgA.adminToken);
    await call(t.app, paths.remove, { _id: id }, w.orgA.adminToken);
    expect(ran).toEqual([
      'beforeUpdate:UPDATE',
      'afterWrite:update',
      'afterCommit:update',
      'beforeUpdate:STATUS_CHANGE',
      'afterWrite:setStatus',
      'afterCommit:setStatus',
      'beforeRemove',
      'afterWrite:remove',
      'afterCommit:remove',
    ]);
  });

  it('bulk actions: each record through the same hooks, afterCommit once a call', async () => {
    const [a, b] = [await aThing(), await aThing()];
    const colleague = await aStaffMember(t.app, w.orgA.adminToken);
    const owner = await call(t.app, paths.bulk, { ids: [a, b], action: 'assign-owner', value: colleague.id }, w.orgA.adminToken);
    expect(owner.body.data, owner.body.message).toEqual({ changed: 2 });
    expect(ran).toEqual(['beforeUpdate:UPDATE', 'afterWrite:update', 'beforeUpdate:UPDATE', 'afterWrite:update', 'afterCommit:update']);
    ran.length = 0;
    await call(t.app, paths.bulk, { ids: [a, b], action: 'set-status', value: 'HIDDEN' }, w.orgA.adminToken);
    expect(ran.filter((step) => step === 'beforeUpdate:STATUS_CHANGE')).toHaveLength(2);
    expect(ran.filter((step) => step === 'afterWrite:setStatus')).toHaveLength(2);
    ran.length = 0;
    await call(t.app, paths.bulk, { ids: [a, b], action: 'delete' }, w.orgA.adminToken);
    expect(ran.filter((step) => step === 'beforeRemove')).toHaveLength(2);
    expect(ran.filter((step) => step === 'afterWrite:remove')).toHaveLength(2);
  });

  it('a workflow writing through the repository, one record or many at once', async () => {
    const db = t.app.database.db;
    const made = await things.createMany(db, { ...writer(), values: [{ title: unique('Many ') }, { title: unique('Many ') }] });
    expect(ran.filter((step) => !step.startsWith('afterCommit'))).toEqual([
      'beforeCreate',
      'beforeCreate',
      'afterWrite:create',
      'afterWrite:create',
    ]);
    expect(ran.filter((step) => step.startsWith('afterCommit'))).toEqual(['afterCommit:create']);
    ran.length = 0;
    await things.update(db, { ...writer(), id: made[0]!._id, values: { title: unique('Changed ') } });
    await things.assignOwner(db, { ...writer(), id: made[0]!._id, ownerId: w.staffA.id });
    await things.remove(db, { ...writer(), id: made[1]!._id });
    expect(ran.filter((step) => !step.startsWith('afterCommit'))).toEqual([
      'beforeUpdate:UPDATE',
      'afterWrite:update',
      'beforeUpdate:UPDATE',
      'afterWrite:update',
      'beforeRemove',
      'afterWrite:remove',
    ]);
  });

  it('read hooks add to details and list rows; the work before a create runs with no transaction open', async () => {
    const id = await aThing();
    await call(t.app, testThing.calls.details, { _id: id }, w.orgA.adminToken);
    await call(t.app, testThing.calls.list, { search: '', filter: {} }, w.orgA.adminToken);
    expect(ran[0]).toBe('afterRead:details:1');
    expect(ran[1]).toMatch(/^afterRead:list:\d+$/);
  });

  it('offers no write that skips them: every function the repository answers is a read or a hook-running write', () => {
    const hookRunningWrites = ['create', 'createMany', 'update', 'setStatus', 'assignOwner', 'remove'];
    const reads = ['toRecord', 'find', 'first', 'get', 'details', 'listByIds', 'list', 'matchingIds', 'exportPage', 'scopeWhere'];
    const engine = ['useHooks', 'hooksOf', 'checkReferences'];
    const functions = Object.entries(things)
      .filter(([, value]) => typeof value === 'function')
      .map(([key]) => key);
    // A new function here is either a read or a write that runs the hooks (repository.ts): add it to its list.
    expect(functions.sort()).toEqual([...hookRunningWrites, ...reads, ...engine].sort());
  });
});

describe('an imported or bulk-changed candidate gets what a created or updated one gets', () => {
  const token = () => w.orgA.adminToken;
  const stored = async (id: string) => {
    const [row] = await t.app.database.db.select().from(candidates).where(eq(candidates.id, id));
    return row!;
  };
  const derived = (row: Awaited<ReturnType<typeof stored>>) => ({
    emailNormalised: row.emailNormalised,
    phoneNormalised: row.phoneNormalised,
    city: row.city,
    hasSelfContact: Boolean(row.selfContactId),
  });

  it('an imported candidate has its own contact card and the derived columns a created one has', async () => {
    const person = { first: 'Ida', last: unique('Noddack'), email: `${unique('ida')}@example.com`, phone: aUniquePhone() };
    const created = await call(
      t.app,
      candidate.calls.create,
      {
        name: { first: person.first, last: person.last },
        email: person.email.replace('@', '.created@'),
        phone: aUniquePhone(),
        address: { city: 'Leeds' },
      },
      token(),
    );
    expect(created.status, created.body.message).toBe(200);
    const csv = `First,Last,Email,Phone,City\r\n${person.first},${person.last},${person.email},${person.phone},Leeds\r\n`;
    const mapping = { First: 'firstName', Last: 'lastName', Email: 'email', Phone: 'phone', City: 'city' };
    const imported = await call(t.app, candidateImport, { csv, mapping, duplicates: 'skip', dryRun: false }, token());
    expect(imported.body.data?.created, JSON.stringify(imported.body)).toBe(1);
    const [{ id: importedId }] = await t.app.database.db
      .select({ id: candidates.id })
      .from(candidates)
      .where(eq(candidates.emailNormalised, person.email.toLowerCase()));
    const [made, came] = [await stored(created.body.data._id), await stored(importedId)];
    expect(derived(came)).toEqual({
      emailNormalised: person.email.toLowerCase(),
      phoneNormalised: expect.any(String),
      city: derived(made).city,
      hasSelfContact: true,
    });
    expect(derived(made).hasSelfContact).toBe(true);
    const card = await call(t.app, contact.calls.details, { _id: came.selfContactId }, token());
    expect(card.body.data).toMatchObject({
      selfContact: true,
      profile: { email: person.email },
      relatedTo: [expect.objectContaining({ _id: importedId, entityType: 'Candidate' })],
    });
  });

  it('a candidate reassigned in bulk goes through the update’s hooks, as a single update does', async () => {
    const seen: string[] = [];
    const own = candidateRepository.hooksOf();
    candidateRepository.useHooks({
      ...own,
      beforeUpdate: (args) => {
        seen.push(`beforeUpdate:${Object.keys(args.values).join(',')}`);
        return own.beforeUpdate!(args);
      },
      afterWrite: (args) => {
        seen.push(`afterWrite:${args.operation}`);
        return own.afterWrite!(args);
      },
    });
    try {
      const made = await call(
        t.app,
        candidate.calls.create,
        { name: { first: 'Lise', last: unique('Meitner') }, email: `${unique('lise')}@example.com`, phone: aUniquePhone() },
        token(),
      );
      const colleague = await aStaffMember(t.app, token());
      seen.length = 0;
      const bulk = { method: 'PUT' as const, path: candidate.calls.list.path.replace(/list$/, 'bulk') };
      const moved = await call(t.app, bulk, { ids: [made.body.data._id], action: 'assign-owner', value: colleague.id }, token());
      expect(moved.body.data, moved.body.message).toEqual({ changed: 1 });
      expect(seen).toEqual(['beforeUpdate:ownerId', 'afterWrite:update']);
      const row = await stored(made.body.data._id);
      expect(row.ownerId).toBe(colleague.id);
      expect(derived(row).hasSelfContact).toBe(true);
      const [still] = await t.app.database.db
        .select({ id: candidates.id })
        .from(candidates)
        .where(and(eq(candidates.id, row.id), eq(candidates.emailNormalised, String(made.body.data.email).toLowerCase())));
      expect(still).toBeDefined();
    } finally {
      candidateRepository.useHooks(own);
    }
  });
});
