import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import { describe, expect, it } from 'vitest';
import { permissionId, aRole as roleOf } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, aUser, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type Category = { _id: string; label: string; value: string | null; status: string };

const calls = feedbackCategory.calls;

const aCategory = async (token: string, input: Record<string, unknown> = {}) => {
  const created = await call(t.app, calls.create, { label: unique('Communication '), ...input }, token);
  expect(created.status, created.body.message).toBe(200);
  return created.body.data as Category;
};

const listedIds = async (token: string, body: Record<string, unknown> = {}) => {
  const list = await call(t.app, calls.list, { limit: 'ALL', ...body }, token);
  expect(list.status, list.body.message).toBe(200);
  return (list.body.data.results as Category[]).map((row) => row._id);
};

describe('feedback categories (crm.md §3, §6)', () => {
  it('start ACTIVE, keep their value, and take the six calls of calls.tsv at their paths', async () => {
    const made = await aCategory(w.orgA.adminToken, { value: 'communication' });
    expect(made).toMatchObject({ value: 'communication', status: 'ACTIVE' });
    expect(Object.values(calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /feedback-category/',
      'PUT /feedback-category/',
      'POST /feedback-category/update-status',
      'POST /feedback-category/details',
      'POST /feedback-category/list',
      'POST /feedback-category/delete',
    ]);
  });

  it('refuse a blank label with the spec’s message, on create and on update', async () => {
    const blank = await call(t.app, calls.create, { label: '   ' }, w.orgA.adminToken);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please provide category label');
    const made = await aCategory(w.orgA.adminToken);
    const emptied = await call(t.app, calls.update, { _id: made._id, label: '' }, w.orgA.adminToken);
    expect(emptied.status).toBe(400);
    expect(emptied.body.message).toBe('Please provide category label');
  });

  it('change status to INACTIVE and back, and refuse any other status (DECISIONS.md §8)', async () => {
    const made = await aCategory(w.orgA.adminToken);
    const off = await call(t.app, calls.setStatus, { _id: made._id, status: 'INACTIVE' }, w.orgA.adminToken);
    expect(off.status, off.body.message).toBe(200);
    expect(off.body.data.status).toBe('INACTIVE');
    expect(await listedIds(w.orgA.adminToken, { filter: { status: 'INACTIVE' } })).toContain(made._id);
    const wrong = await call(t.app, calls.setStatus, { _id: made._id, status: 'ARCHIVED' }, w.orgA.adminToken);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Status must be ACTIVE or INACTIVE');
  });

  it('are listed to the organisation’s client users, who change none of them', async () => {
    const mine = await aCategory(w.orgA.adminToken);
    const theirs = await aCategory(w.orgB.adminToken);
    const clientUser = await aUser(t.app, { userType: 'CRM_CLIENT_USER', organisationId: w.orgA.id });
    const seen = await listedIds(clientUser.token);
    expect(seen).toContain(mine._id);
    expect(seen).not.toContain(theirs._id);
    for (const [spec, body] of [
      [calls.create, { label: 'By a client' }],
      [calls.update, { _id: mine._id, label: 'By a client' }],
      [calls.setStatus, { _id: mine._id, status: 'INACTIVE' }],
      [calls.details, { _id: mine._id }],
      [calls.remove, { _id: mine._id }],
    ] as const) {
      const refused = await call(t.app, spec, body, clientUser.token);
      expect(refused.status, `${spec.method} ${spec.path}`).toBe(403);
    }
  });

  it('need the Feedback Category permission: a staff member reads with READ, deletes only with FULL', async () => {
    const made = await aCategory(w.orgA.adminToken);
    const none = await call(t.app, calls.list, {}, w.staffA.token);
    expect(none.status).toBe(403);
    const reader = await permissionId(t.app, w.root, { feature: 'Feedback Category', level: 'READ' });
    const staff = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [reader])] });
    expect(await listedIds(staff.token)).toContain(made._id);
    const removed = await call(t.app, calls.remove, { _id: made._id }, staff.token);
    expect(removed.status).toBe(403);
  });

  it('deleted, leave lists and details (a soft delete, DECISIONS.md §7)', async () => {
    const made = await aCategory(w.orgA.adminToken);
    const removed = await call(t.app, calls.remove, { _id: made._id }, w.orgA.adminToken);
    expect(removed.status, removed.body.message).toBe(200);
    expect(await listedIds(w.orgA.adminToken)).not.toContain(made._id);
    expect((await call(t.app, calls.details, { _id: made._id }, w.orgA.adminToken)).status).toBe(404);
  });
});
