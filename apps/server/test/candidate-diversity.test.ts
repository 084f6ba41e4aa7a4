import { candidate } from '@app/contract/resources/crm/candidate';
import { entityLog } from '@app/contract/resources/entity-log';
import { describe, expect, it } from 'vitest';
import { aRole, permissionId } from './support/access';
import { aCandidate, candidateInput } from './support/candidates';
import { logsOf } from './support/entity-log';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const diversity = {
  dateOfBirth: '1990-04-01',
  gender: 'Woman',
  ethnicGroup: 'Mixed',
  lgbtqCommunity: 'Prefer not to say',
  illnessAffecting: 'No',
};

const staffWith = async (grants: { feature: string; level: 'READ' | 'WRITE' | 'FULL' }[]) => {
  const permissions = await Promise.all(grants.map((grant) => permissionId(t.app, w.root, grant)));
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await aRole(t.app, w.orgA.adminToken, permissions)] });
};

describe('candidate diversity', () => {
  it('is written with create by a caller with WRITE on Diversity and shown only in details, only to a reader of it', async () => {
    const created = await aCandidate(t.app, w.orgA.adminToken, { diversity });
    expect(created).not.toHaveProperty('diversity');
    const details = await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken);
    expect(details.body.data.diversity).toEqual(diversity);
    const list = await call(t.app, candidate.calls.list, { search: created.email }, w.orgA.adminToken);
    expect(list.body.data.results[0]).not.toHaveProperty('diversity');

    const plainReader = await staffWith([{ feature: 'Candidate', level: 'READ' }]);
    const hidden = await call(t.app, candidate.calls.details, { _id: created._id }, plainReader.token);
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).not.toHaveProperty('diversity');

    const diversityReader = await staffWith([
      { feature: 'Candidate', level: 'READ' },
      { feature: 'Diversity', level: 'READ' },
    ]);
    const shown = await call(t.app, candidate.calls.details, { _id: created._id }, diversityReader.token);
    expect(shown.body.data.diversity).toEqual(diversity);
  });

  it('every read is in the entity log (who, which candidate); the values never are', async () => {
    const created = await aCandidate(t.app, w.orgA.adminToken, { diversity });
    await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken);
    const logs = await logsOf(t.app, created._id);
    const reads = logs.filter((log) => log.action === 'SENSITIVE_READ');
    expect(reads).toHaveLength(1);
    expect(reads[0]!.user).toMatchObject({ _id: expect.any(String) });
    expect(JSON.stringify(logs)).not.toContain('Mixed');
    const listed = await call(t.app, entityLog.calls.list!, { filter: { action: 'SENSITIVE_READ' }, limit: 'ALL' }, w.orgA.adminToken);
    expect(listed.status).toBe(200);
    expect(
      listed.body.data.results.some((log: { entityId?: string; relatedTo?: { _id: string } }) => log.relatedTo?._id === created._id),
    ).toBe(true);
  });

  it('sent by a caller without WRITE on Diversity is a 403 and nothing is written', async () => {
    const writer = await staffWith([{ feature: 'Candidate', level: 'WRITE' }]);
    const refused = await call(t.app, candidate.calls.create, candidateInput({ diversity }), writer.token);
    expect(refused.status).toBe(403);
    const list = await call(t.app, candidate.calls.list, { search: refused.body.data?.email ?? '' }, writer.token);
    expect(list.status).toBe(200);
    const mine = await aCandidate(t.app, writer.token);
    const update = await call(t.app, candidate.calls.update, { _id: mine._id, about: 'x', diversity }, writer.token);
    expect(update.status).toBe(403);
    const after = await call(t.app, candidate.calls.details, { _id: mine._id }, w.orgA.adminToken);
    expect(after.body.data.about).toBeNull();
    expect(after.body.data.diversity).toBeNull();
  });

  it('is changed and cleared by update', async () => {
    const created = await aCandidate(t.app, w.orgA.adminToken, { diversity });
    await call(t.app, candidate.calls.update, { _id: created._id, diversity: { ...diversity, gender: 'Non-binary' } }, w.orgA.adminToken);
    let details = await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken);
    expect(details.body.data.diversity.gender).toBe('Non-binary');
    await call(t.app, candidate.calls.update, { _id: created._id, diversity: null }, w.orgA.adminToken);
    details = await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken);
    expect(details.body.data.diversity).toEqual({
      dateOfBirth: null,
      gender: null,
      ethnicGroup: null,
      lgbtqCommunity: null,
      illnessAffecting: null,
    });
  });
});
