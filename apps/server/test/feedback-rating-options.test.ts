import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import { feedbackRatingOption } from '@app/contract/resources/crm/feedback-rating-option';
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

type Option = { _id: string; categoryId: string; label: string; value: string | null; points: string; status: string };

const calls = feedbackRatingOption.calls;

const aCategory = async (token: string) => {
  const created = await call(t.app, feedbackCategory.calls.create, { label: unique('Communication ') }, token);
  expect(created.status, created.body.message).toBe(200);
  return created.body.data as { _id: string; label: string };
};

const anOption = async (token: string, categoryId: string, input: Record<string, unknown> = {}) => {
  const created = await call(t.app, calls.create, { categoryId, label: unique('Strong '), points: '4', ...input }, token);
  expect(created.status, created.body.message).toBe(200);
  return created.body.data as Option;
};

const listedIds = async (token: string, body: Record<string, unknown> = {}) => {
  const list = await call(t.app, calls.list, { limit: 'ALL', ...body }, token);
  expect(list.status, list.body.message).toBe(200);
  return (list.body.data.results as Option[]).map((row) => row._id);
};

describe('feedback rating options (crm.md §3, §6)', () => {
  it('take the five calls of calls.tsv, start ACTIVE and name their category', async () => {
    expect(Object.values(calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /feedback-rating-options/',
      'PUT /feedback-rating-options/',
      'POST /feedback-rating-options/details',
      'POST /feedback-rating-options/list',
      'POST /feedback-rating-options/delete',
    ]);
    const category = await aCategory(w.orgA.adminToken);
    const made = await anOption(w.orgA.adminToken, category._id, { label: 'Strong', value: 'strong', points: '4' });
    expect(made).toMatchObject({ categoryId: category._id, label: 'Strong', value: 'strong', points: '4', status: 'ACTIVE' });
    const read = await call(t.app, calls.details, { _id: made._id }, w.orgA.adminToken);
    expect(read.body.data.category).toEqual({ _id: category._id, label: category.label });
    const changed = await call(t.app, calls.update, { _id: made._id, points: '5', status: 'INACTIVE' }, w.orgA.adminToken);
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.data).toMatchObject({ points: '5', status: 'INACTIVE' });
    expect(await listedIds(w.orgA.adminToken, { filter: { categoryId: category._id, status: 'INACTIVE' } })).toEqual([made._id]);
  });

  it('refuse a blank label and blank points with the spec’s messages, as written', async () => {
    const category = await aCategory(w.orgA.adminToken);
    const noLabel = await call(t.app, calls.create, { categoryId: category._id, label: ' ', points: '3' }, w.orgA.adminToken);
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.message).toBe('Please provide rating label.');
    const noPoints = await call(t.app, calls.create, { categoryId: category._id, label: 'Fair' }, w.orgA.adminToken);
    expect(noPoints.status).toBe(400);
    expect(noPoints.body.message).toBe('Plese provide points related.');
    const made = await anOption(w.orgA.adminToken, category._id);
    const emptied = await call(t.app, calls.update, { _id: made._id, points: '' }, w.orgA.adminToken);
    expect(emptied.body.message).toBe('Plese provide points related.');
    const badCategory = await call(t.app, calls.create, { categoryId: 'x', label: 'Fair', points: '3' }, w.orgA.adminToken);
    expect(badCategory.body.message).toBe('categoryId must be a valid mongoId');
  });

  it('belong to a category of the caller’s own organisation: another’s is a 404, and so are their options', async () => {
    const theirs = await aCategory(w.orgB.adminToken);
    const refused = await call(t.app, calls.create, { categoryId: theirs._id, label: 'Fair', points: '3' }, w.orgA.adminToken);
    expect(refused.status).toBe(404);
    const theirOption = await anOption(w.orgB.adminToken, theirs._id);
    expect((await call(t.app, calls.details, { _id: theirOption._id }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.update, { _id: theirOption._id, label: 'Mine' }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.remove, { _id: theirOption._id }, w.orgA.adminToken)).status).toBe(404);
    expect(await listedIds(w.orgA.adminToken)).not.toContain(theirOption._id);
  });

  it('are answered with their category in the category list, the organisation’s own only', async () => {
    const category = await aCategory(w.orgA.adminToken);
    const first = await anOption(w.orgA.adminToken, category._id, { label: 'Weak', points: '1' });
    const second = await anOption(w.orgA.adminToken, category._id, { label: 'Strong', points: '4' });
    const removed = await anOption(w.orgA.adminToken, category._id, { label: 'Gone', points: '0' });
    expect((await call(t.app, calls.remove, { _id: removed._id }, w.orgA.adminToken)).status).toBe(200);
    const list = await call(t.app, feedbackCategory.calls.list, { limit: 'ALL' }, w.orgA.adminToken);
    const listed = (list.body.data.results as { _id: string; rating: Option[] }[]).find((row) => row._id === category._id);
    expect(listed?.rating.map((option) => [option._id, option.label, option.points])).toEqual([
      [first._id, 'Weak', '1'],
      [second._id, 'Strong', '4'],
    ]);
  });

  it('are listed to the organisation’s client users, who change none of them', async () => {
    const category = await aCategory(w.orgA.adminToken);
    const mine = await anOption(w.orgA.adminToken, category._id);
    const clientUser = await aUser(t.app, { userType: 'CRM_CLIENT_USER', organisationId: w.orgA.id });
    expect(await listedIds(clientUser.token)).toContain(mine._id);
    for (const [spec, body] of [
      [calls.create, { categoryId: category._id, label: 'By a client', points: '1' }],
      [calls.update, { _id: mine._id, label: 'By a client' }],
      [calls.details, { _id: mine._id }],
      [calls.remove, { _id: mine._id }],
    ] as const) {
      const refused = await call(t.app, spec, body, clientUser.token);
      expect(refused.status, `${spec.method} ${spec.path}`).toBe(403);
    }
    const seeker = await aUser(t.app, { userType: 'JOB_SEEKER' });
    expect((await call(t.app, calls.list, {}, seeker.token)).status).toBe(403);
  });

  it('need the Feedback Rating Options permission: READ lists, FULL deletes', async () => {
    const category = await aCategory(w.orgA.adminToken);
    const made = await anOption(w.orgA.adminToken, category._id);
    expect((await call(t.app, calls.list, {}, w.staffA.token)).status).toBe(403);
    const reader = await permissionId(t.app, w.root, { feature: 'Feedback Rating Options', level: 'READ' });
    const staff = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [reader])] });
    expect(await listedIds(staff.token)).toContain(made._id);
    expect((await call(t.app, calls.remove, { _id: made._id }, staff.token)).status).toBe(403);
    const removed = await call(t.app, calls.remove, { _id: made._id }, w.orgA.adminToken);
    expect(removed.status, removed.body.message).toBe(200);
    expect((await call(t.app, calls.details, { _id: made._id }, w.orgA.adminToken)).status).toBe(404);
  });
});
