import { savedView } from '@app/contract/resources/crm/saved-view';
import { describe, expect, it } from 'vitest';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const aView = async (token: string, input: Record<string, unknown> = {}) => {
  const made = await call(t.app, savedView.calls.create!, { resource: 'Client', name: unique('Mine '), ...input }, token);
  expect(made.status).toBe(200);
  return made.body.data as { _id: string; name: string; ownerId: string; filter: Record<string, unknown>; columns: string[] };
};

describe('saved views', () => {
  it('keep a list’s search, filter, columns and sort under a name, listed per resource', async () => {
    const view = await aView(w.staffA.token, {
      name: 'Active in London',
      search: 'London',
      filter: { status: 'ACTIVE' },
      columns: ['name', 'status'],
      sort: { key: 'name', direction: 'asc' },
    });
    expect(view.ownerId).toBe(w.staffA.id);
    await aView(w.staffA.token, { resource: 'Lead' });
    const clients = await call(t.app, savedView.calls.list!, { limit: 'ALL', filter: { resource: 'Client' } }, w.staffA.token);
    expect(clients.body.data.results.map((v: { name: string }) => v.name)).toEqual(['Active in London']);
    const changed = await call(t.app, savedView.calls.update!, { _id: view._id, columns: ['name'] }, w.staffA.token);
    expect(changed.body.data.columns).toEqual(['name']);
    expect(changed.body.data.search).toBe('London');
  });

  it('are visible to their creator only, whoever else asks', async () => {
    const view = await aView(w.orgA.adminToken);
    const colleague = await aStaffMember(t.app, w.orgA.adminToken);
    const list = await call(t.app, savedView.calls.list!, { limit: 'ALL' }, colleague.token);
    expect(list.body.data.results).toEqual([]);
    expect((await call(t.app, savedView.calls.details!, { _id: view._id }, colleague.token)).status).toBe(404);
    expect((await call(t.app, savedView.calls.update!, { _id: view._id, name: 'Taken' }, colleague.token)).status).toBe(404);
    expect((await call(t.app, savedView.calls.remove!, { _id: view._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, savedView.calls.details!, { _id: view._id }, w.orgA.adminToken)).status).toBe(200);
  });

  it('answer the messages for a missing name and a name already used, and refuse other user types', async () => {
    const missing = await call(t.app, savedView.calls.create!, { resource: 'Client' }, w.orgA.adminToken);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter view name');
    const view = await aView(w.orgA.adminToken);
    const twice = await call(t.app, savedView.calls.create!, { resource: 'Client', name: view.name }, w.orgA.adminToken);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You already have a view with this name');
    // Another user may use the same name for their own.
    await aView(w.staffA.token, { name: view.name });
    expect((await call(t.app, savedView.calls.list!, {}, w.seeker.token)).status).toBe(403);
  });
});
