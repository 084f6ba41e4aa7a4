import { lead } from '@app/contract/resources/crm/lead';
import { describe, expect, it } from 'vitest';
import { permissionId as permissionOf, aRole as roleOf } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type Lead = { _id: string; title: string; status: string; itemId: { combined: string }; followUpDate: string | null };

const aLead = async (token: string, input: Record<string, unknown> = {}) => {
  const created = await call(
    t.app,
    lead.calls.create,
    { title: unique('Lead '), companyDetails: { name: unique('Initech ') }, ...input },
    token,
  );
  expect(created.status, created.body.message).toBe(200);
  return created.body.data as Lead;
};

const listIds = async (token: string, body: Record<string, unknown>) => {
  const list = await call(t.app, lead.calls.list, { limit: 'ALL', ...body }, token);
  expect(list.status, list.body.message).toBe(200);
  return list.body.data.results.map((row: { _id: string }) => row._id) as string[];
};

describe('leads', () => {
  it('are numbered LEA-n per organisation and start NEW', async () => {
    const first = await aLead(w.orgA.adminToken);
    const second = await aLead(w.orgA.adminToken);
    expect(first.itemId.combined).toMatch(/^LEA-\d+$/);
    expect(Number(second.itemId.combined.slice(4))).toBe(Number(first.itemId.combined.slice(4)) + 1);
    expect(first.status).toBe('NEW');
  });

  it('answer the spec’s messages: company name, dates; creation takes no _id', async () => {
    const noName = await call(
      t.app,
      lead.calls.create,
      { title: 'x', companyDetails: { website: 'https://a.example' } },
      w.orgA.adminToken,
    );
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Please provide company name.');
    const badDate = await call(t.app, lead.calls.create, { title: 'x', followUpDate: 'next week' }, w.orgA.adminToken);
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe('Please select a date');
    const badDeadline = await call(t.app, lead.calls.create, { title: 'x', deadlineDate: '31/12/2026' }, w.orgA.adminToken);
    expect(badDeadline.body.message).toBe('Please select a date');
    const withId = await call(t.app, lead.calls.create, { _id: 'a'.repeat(24), title: 'x' }, w.orgA.adminToken);
    expect(withId.status).toBe(400);
    const badStatus = await call(t.app, lead.calls.create, { title: 'x', status: 'WON' }, w.orgA.adminToken);
    expect(badStatus.status).toBe(400);
  });

  it('move through their statuses by update and keep the other fields', async () => {
    const created = await aLead(w.orgA.adminToken, { source: 'Referral', rating: 4 });
    const moved = await call(t.app, lead.calls.update, { _id: created._id, status: 'QUALIFIED' }, w.orgA.adminToken);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ status: 'QUALIFIED', source: 'Referral', rating: 4 });
  });

  it('are found by title, company name and item id, and filtered by status, source and follow-up date', async () => {
    const company = unique('Umbrella ');
    const found = await aLead(w.orgA.adminToken, {
      companyDetails: { name: company },
      source: 'Conference',
      status: 'CONTACTED',
      followUpDate: '2031-03-10T09:00:00.000Z',
    });
    const other = await aLead(w.orgA.adminToken, { source: 'Website', followUpDate: '2031-06-10T09:00:00.000Z' });
    expect(await listIds(w.orgA.adminToken, { search: company })).toEqual([found._id]);
    expect(await listIds(w.orgA.adminToken, { search: found.title })).toEqual([found._id]);
    expect(await listIds(w.orgA.adminToken, { search: found.itemId.combined })).toContain(found._id);

    const contacted = await listIds(w.orgA.adminToken, { filter: { status: 'CONTACTED' } });
    expect(contacted).toContain(found._id);
    expect(contacted).not.toContain(other._id);
    const bySource = await listIds(w.orgA.adminToken, { filter: { source: 'Conference' } });
    expect(bySource).toContain(found._id);
    expect(bySource).not.toContain(other._id);
    const inMarch = await listIds(w.orgA.adminToken, {
      filter: { followUpDate: { from: '2031-03-01T00:00:00.000Z', to: '2031-03-31T00:00:00.000Z' } },
    });
    expect(inMarch).toEqual([found._id]);
  });

  it('follow the Lead permission: a viewer reads but cannot add, staff without it are refused', async () => {
    const theirs = await aLead(w.orgA.adminToken);
    const permission = await permissionOf(t.app, w.root, { feature: 'Lead', level: 'READ' });
    const viewer = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [permission])] });
    expect((await call(t.app, lead.calls.details, { _id: theirs._id }, viewer.token)).status).toBe(200);
    expect((await call(t.app, lead.calls.create, { title: 'Nope' }, viewer.token)).status).toBe(403);
    expect((await call(t.app, lead.calls.list, {}, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, lead.calls.details, { _id: theirs._id }, w.orgB.adminToken)).status).toBe(404);
  });
});
