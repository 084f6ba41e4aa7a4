import { login } from '@app/contract/resources/auth';
import { candidateCredentials } from '@app/contract/resources/crm/candidate';
import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { client } from '@app/contract/resources/crm/client';
import { describe, expect, it } from 'vitest';
import { aRole, permissionId } from './support/access';
import { aCandidate } from './support/candidates';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { anUploadedFile } from './support/uploads';
import { aStaffMember, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

/** A candidate with credentials, and their JOB_SEEKER sign-in. */
const aLinkedCandidate = async () => {
  const created = await aCandidate(t.app, w.orgA.adminToken);
  expect((await call(t.app, candidateCredentials, { _id: created._id }, w.orgA.adminToken)).status).toBe(200);
  const [mail] = await mailTo(t.app, created.email);
  const password = (mail!.text as string).match(/^Password: (.+)$/m)![1]!;
  const signedIn = await call(t.app, login, { email: created.email, password });
  return { candidate: created, token: signedIn.body.data.token as string };
};

describe('candidate CVs', () => {
  it('staff upload, list, read and delete a candidate’s CVs', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const file = await anUploadedFile(t.app, token, 'Grace CV.pdf');
    const created = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file, cvTitle: 'Main' }, token);
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.data).toMatchObject({ jobSeekerId: owner._id, type: 'UPLOADED', cvTitle: 'Main', status: 'ACTIVE' });
    const details = await call(t.app, candidateCv.calls.details, { _id: created.body.data._id }, token);
    expect(details.body.data.candidate).toEqual({ _id: owner._id, label: owner.name.fullName });
    expect(details.body.data.file.url).toBeTruthy();
    const list = await call(t.app, candidateCv.calls.list, { filter: { jobSeekerId: owner._id } }, token);
    expect(list.body.data.results).toHaveLength(1);
    expect((await call(t.app, candidateCv.calls.remove, { _id: created.body.data._id }, token)).status).toBe(200);
    expect((await call(t.app, candidateCv.calls.details, { _id: created.body.data._id }, token)).status).toBe(404);
  });

  it('need a file and a jobSeekerId; another organisation’s candidate or CV is a 404', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const noFile = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id }, token);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Please upload a file');
    const noOwner = await call(t.app, candidateCv.calls.create, { file: await anUploadedFile(t.app, token) }, token);
    expect(noOwner.status).toBe(400);
    expect(noOwner.body.message).toBe('jobSeekerId must be a valid mongoId');
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    const cross = await call(t.app, candidateCv.calls.create, { jobSeekerId: theirs._id, file: await anUploadedFile(t.app, token) }, token);
    expect(cross.status).toBe(404);
    const theirCv = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: theirs._id, file: await anUploadedFile(t.app, w.orgB.adminToken) },
      w.orgB.adminToken,
    );
    expect(theirCv.status).toBe(200);
    expect((await call(t.app, candidateCv.calls.details, { _id: theirCv.body.data._id }, token)).status).toBe(404);
    expect((await call(t.app, candidateCv.calls.remove, { _id: theirCv.body.data._id }, token)).status).toBe(404);
  });

  it('a JOB_SEEKER adds and sees only the CVs of their own candidate; cannot delete', async () => {
    const { candidate: mine, token } = await aLinkedCandidate();
    const created = await call(t.app, candidateCv.calls.create, { jobSeekerId: mine._id, file: await anUploadedFile(t.app, token) }, token);
    expect(created.status, created.body.message).toBe(200);
    const staffCv = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: mine._id, file: await anUploadedFile(t.app, w.orgA.adminToken) },
      w.orgA.adminToken,
    );
    const other = await aCandidate(t.app, w.orgA.adminToken);
    const otherCv = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: other._id, file: await anUploadedFile(t.app, w.orgA.adminToken) },
      w.orgA.adminToken,
    );
    const list = await call(t.app, candidateCv.calls.list, { limit: 'ALL' }, token);
    expect(list.body.data.results.map((r: { _id: string }) => r._id).sort()).toEqual([created.body.data._id, staffCv.body.data._id].sort());
    expect((await call(t.app, candidateCv.calls.details, { _id: staffCv.body.data._id }, token)).status).toBe(200);
    expect((await call(t.app, candidateCv.calls.details, { _id: otherCv.body.data._id }, token)).status).toBe(404);
    const notMine = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: other._id, file: await anUploadedFile(t.app, token) },
      token,
    );
    expect(notMine.status).toBe(404);
    expect((await call(t.app, candidateCv.calls.remove, { _id: created.body.data._id }, token)).status).toBe(403);
    // A job seeker with no candidate sees none.
    expect((await call(t.app, candidateCv.calls.list, {}, w.seeker.token)).body.data.results).toEqual([]);
  });

  it('a client user sees none yet (no application grants them); staff need the Candidate CV permission', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const cv = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file: await anUploadedFile(t.app, token) }, token);
    const hiring = await call(t.app, client.calls.create, { name: 'Hiring Co', email: 'hr@hiring.example' }, token);
    const clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: hiring.body.data._id });
    expect((await call(t.app, candidateCv.calls.list, {}, clientUser.token)).body.data.results).toEqual([]);
    expect((await call(t.app, candidateCv.calls.details, { _id: cv.body.data._id }, clientUser.token)).status).toBe(404);
    expect(
      (await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file: cv.body.data.file }, clientUser.token)).status,
    ).toBe(403);
    expect((await call(t.app, candidateCv.calls.list, {}, w.staffA.token)).status).toBe(403);
    const reader = await aStaffMember(t.app, token, {
      roleIds: [await aRole(t.app, token, [await permissionId(t.app, w.root, { feature: 'Candidate CV', level: 'READ' })])],
    });
    expect((await call(t.app, candidateCv.calls.details, { _id: cv.body.data._id }, reader.token)).status).toBe(200);
    expect((await call(t.app, candidateCv.calls.remove, { _id: cv.body.data._id }, reader.token)).status).toBe(403);
  });

  it('staff whose permission covers their own records add CVs only to candidates they own', async () => {
    const token = w.orgA.adminToken;
    const own = await aStaffMember(t.app, token, {
      roleIds: [
        await aRole(t.app, token, [
          await permissionId(t.app, w.root, { feature: 'Candidate CV', level: 'WRITE', scope: 'OWN' }),
          await permissionId(t.app, w.root, { feature: 'Candidate', level: 'WRITE', scope: 'OWN' }),
        ]),
      ],
    });
    const theirs = await aCandidate(t.app, token);
    const mine = await aCandidate(t.app, own.token);
    const refused = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: theirs._id, file: await anUploadedFile(t.app, own.token) },
      own.token,
    );
    expect(refused.status).toBe(404);
    const added = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: mine._id, file: await anUploadedFile(t.app, own.token) },
      own.token,
    );
    expect(added.status, added.body.message).toBe(200);
  });
});
