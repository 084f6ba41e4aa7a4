import { siblingOfList } from '@app/contract/conventions/bulk';
import { candidate } from '@app/contract/resources/crm/candidate';
import { entityLog } from '@app/contract/resources/entity-log';
import { describe, expect, it } from 'vitest';
import { aRole, permissionId } from './support/access';
import { aCandidate } from './support/candidates';
import { logsOf } from './support/entity-log';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const diversity = { dateOfBirth: '1990-04-01', gender: 'Woman', ethnicGroup: 'Mixed', lgbtqCommunity: 'No', illnessAffecting: 'No' };

const staffWith = async (grants: { feature: string; level: 'READ' | 'WRITE' | 'FULL' }[]) => {
  const permissions = await Promise.all(grants.map((grant) => permissionId(t.app, w.root, grant)));
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await aRole(t.app, w.orgA.adminToken, permissions)] });
};

const activityOf = async (id: string, token: string, filter: Record<string, unknown> = {}) => {
  const { status, body } = await call(t.app, entityLog.calls.list!, { limit: 'ALL', filter: { entityId: id, ...filter } }, token);
  expect(status, body.message).toBe(200);
  return (body.data.results as { action: string }[]).map((entry) => entry.action);
};

describe("a candidate's activity and the reads of their diversity", () => {
  it('are kept in the log, answered to who audits them (FULL on the audit log) and to no other reader of the log', async () => {
    const created = await aCandidate(t.app, w.orgA.adminToken, { diversity });
    const details = await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken);
    expect(details.body.data.diversity).toEqual(diversity);
    expect((await logsOf(t.app, created._id)).map((log) => log.action)).toContain('SENSITIVE_READ');

    // The organisation admin audits: the read is in the activity.
    expect(await activityOf(created._id, w.orgA.adminToken)).toContain('SENSITIVE_READ');

    // A reader of the log below FULL sees the candidate's activity without it, even asking for it by name.
    const reader = await staffWith([
      { feature: 'Candidate', level: 'READ' },
      { feature: 'EntityLog', level: 'WRITE' },
    ]);
    const seen = await activityOf(created._id, reader.token);
    expect(seen).toContain('CREATE');
    expect(seen).not.toContain('SENSITIVE_READ');
    expect(await activityOf(created._id, reader.token, { action: 'SENSITIVE_READ' })).toEqual([]);

    const auditor = await staffWith([
      { feature: 'Candidate', level: 'READ' },
      { feature: 'EntityLog', level: 'FULL' },
    ]);
    expect(await activityOf(created._id, auditor.token)).toContain('SENSITIVE_READ');
  });

  it('without any permission on the audit log is a 403', async () => {
    const created = await aCandidate(t.app, w.orgA.adminToken);
    const stranger = await staffWith([{ feature: 'Candidate', level: 'FULL' }]);
    const { status } = await call(t.app, entityLog.calls.list!, { filter: { entityId: created._id } }, stranger.token);
    expect(status).toBe(403);
  });

  it("of another organisation's candidate answers nothing", async () => {
    const created = await aCandidate(t.app, w.orgA.adminToken, { diversity });
    await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken);
    expect(await activityOf(created._id, w.orgB.adminToken)).toEqual([]);
  });
});

describe('an owner change in the activity', () => {
  it('names the record by its number and name, as every other change does, never by its id', async () => {
    const created = await aCandidate(t.app, w.orgA.adminToken);
    const bulk = { method: 'PUT' as const, path: siblingOfList(candidate, 'bulk')! };
    const done = await call(t.app, bulk, { ids: [created._id], action: 'assign-owner', value: w.staffA.id }, w.orgA.adminToken);
    expect(done.status, done.body.message).toBe(200);
    const change = (await logsOf(t.app, created._id)).find((log) => log.action === 'UPDATE' && JSON.stringify(log.to).includes('ownerId'));
    expect(change?.description).toContain(`${created.itemId.combined} ${created.name.fullName}`);
    expect(change?.description).not.toContain(created._id);
  });
});
