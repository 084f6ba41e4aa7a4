import {
  clientApplicationDetails,
  clientApplicationList,
  clientInterviewList,
  clientMoveToStage,
  clientMultiMoveToStage,
} from '@app/contract/resources/hiring/client-applications';
import { interview } from '@app/contract/resources/hiring/interview';
import { addToLongList, crmJobApplication, grantApplicationAccess } from '@app/contract/resources/hiring/job-application';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { describe, expect, it } from 'vitest';
import { aCandidate, type CandidateRecord } from './support/candidates';
import { aClientOf, aCrmJob, defaultPipelineOf, stageIdOf } from './support/hiring';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type ClientApplication = {
  _id: string;
  candidate: { _id: string; label: string | null };
  job: { _id: string; label: string | null };
  pipelineCurrentStage: string;
  currentStage: { label: string; stageType: string };
  stages: { stage: string; movedAt: string }[];
  contact: { email: string | null; phone: string | null } | null;
  interviews: unknown[];
};

/** A client of the organisation with its portal user, a job of theirs and `n` candidates long-listed on it. */
const aClientWithApplicants = async (n: number) => {
  const client = await aClientOf(t.app, w.orgA.adminToken);
  const portal = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: client._id });
  const job = await aCrmJob(t.app, w.orgA.adminToken, { clientId: client._id });
  const people: CandidateRecord[] = [];
  for (let i = 0; i < n; i++) people.push(await aCandidate(t.app, w.orgA.adminToken));
  const added = await call(t.app, addToLongList, { candidateIds: people.map((p) => p._id), jobIds: [job._id] }, w.orgA.adminToken);
  const applications = people.map(
    (person) =>
      (added.body.data.added as { _id: string; candidateId: string }[]).find((row) => row.candidateId === person._id) as { _id: string },
  );
  return { client, portal, job, people, applications };
};

describe('the client portal’s applications (crm.md §6; DECISIONS.md §6)', () => {
  it('lists the applications on the client’s own jobs, by name and stage, without the agency’s notes or the contact details', async () => {
    const mine = await aClientWithApplicants(2);
    const theirs = await aClientWithApplicants(1);
    const listed = await call(t.app, clientApplicationList, { limit: 'ALL' }, mine.portal.token);
    expect(listed.status, listed.body.message).toBe(200);
    const rows = listed.body.data.results as ClientApplication[];
    expect(rows.map((row) => row._id).sort()).toEqual(mine.applications.map((a) => a._id).sort());
    const person = mine.people[0] as CandidateRecord;
    const row = rows.find((r) => r.candidate._id === person._id) as ClientApplication;
    expect(row).toMatchObject({ job: { _id: mine.job._id }, currentStage: { stageType: 'LONG_LIST' }, contact: null });
    expect(row.candidate.label).toBeTruthy();
    expect(row.stages).toHaveLength(1);
    expect(row.stages[0]).not.toHaveProperty('remarks');
    expect(row.stages[0]).not.toHaveProperty('movedBy');
    expect(row).not.toHaveProperty('pipelineStageHistory');
    // Another client's application is not found; one job's filter narrows the list.
    const other = theirs.applications[0] as { _id: string };
    expect((await call(t.app, clientApplicationDetails, { _id: other._id }, mine.portal.token)).status).toBe(404);
    const oneJob = await call(t.app, clientApplicationList, { filter: { jobId: theirs.job._id } }, mine.portal.token);
    expect(oneJob.body.data.results).toEqual([]);

    // Once staff grant it, the client sees the candidate's email and phone.
    const first = mine.applications[0] as { _id: string };
    await call(t.app, grantApplicationAccess, { _id: first._id, isPersonalInfoVisibleToClient: true }, w.orgA.adminToken);
    const granted = await call(t.app, clientApplicationDetails, { _id: first._id }, mine.portal.token);
    expect(granted.body.data.contact).toEqual({ email: expect.stringContaining('@'), phone: expect.any(String) });
  });

  it('moves and multi-moves the client’s own applications, recorded as any move, and nothing of another client', async () => {
    const mine = await aClientWithApplicants(2);
    const theirs = await aClientWithApplicants(1);
    const pipeline = await defaultPipelineOf(t.app, w.orgA.adminToken);
    const shortList = stageIdOf(pipeline, 'SHORT_LIST');
    const [first, second] = mine.applications as [{ _id: string }, { _id: string }];
    const moved = await call(
      t.app,
      clientMoveToStage,
      { jobApplicationId: first._id, pipelineItemId: shortList, remarks: 'Strong CV' },
      mine.portal.token,
    );
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data).toMatchObject({ pipelineCurrentStage: shortList, currentStage: { stageType: 'SHORT_LIST' } });
    // Staff see the move in the history, by the client user, with the remarks.
    const staffView = await call(t.app, crmJobApplication.calls.details, { _id: first._id }, w.orgA.adminToken);
    expect(staffView.body.data.pipelineStageHistory.at(-1)).toMatchObject({
      stage: shortList,
      remarks: 'Strong CV',
      movedBy: { name: 'Cleo Client' },
    });
    const screening = stageIdOf(pipeline, 'SCREENING');
    const many = await call(
      t.app,
      clientMultiMoveToStage,
      { jobApplicationIds: [first._id, second._id], pipelineItemId: screening },
      mine.portal.token,
    );
    expect(many.status, many.body.message).toBe(200);
    expect(many.body).toMatchObject({ message: '2 applications moved', data: { moved: 2 } });
    // Another client's application in the batch: none of them moves.
    const other = theirs.applications[0] as { _id: string };
    const mixed = await call(
      t.app,
      clientMultiMoveToStage,
      { jobApplicationIds: [first._id, other._id], pipelineItemId: shortList },
      mine.portal.token,
    );
    expect(mixed.status).toBe(404);
    const still = await call(t.app, clientApplicationDetails, { _id: first._id }, mine.portal.token);
    expect(still.body.data.pipelineCurrentStage).toBe(screening);
    expect(
      (await call(t.app, clientMoveToStage, { jobApplicationId: other._id, pipelineItemId: shortList }, mine.portal.token)).status,
    ).toBe(404);
    const noStage = await call(t.app, clientMoveToStage, { jobApplicationId: first._id, pipelineItemId: 'x' }, mine.portal.token);
    expect(noStage.body.message).toBe('pipeline item id must be a valid mongoId');
  });

  it('lists the interviews of the client’s applications, without scorecards or the interviewers’ notes', async () => {
    const mine = await aClientWithApplicants(1);
    const theirs = await aClientWithApplicants(1);
    const staff = await call(t.app, organisationStaff.calls.list!, { limit: 1 }, w.orgA.adminToken);
    const schedule = (jobApplicationId: string) =>
      call(
        t.app,
        interview.calls.create,
        {
          interviewType: 'Technical',
          medium: 'PHONE',
          interviewerIds: [staff.body.data.results[0]._id],
          jobApplicationId,
          startTime: '2027-02-01T10:00:00.000Z',
          endTime: '2027-02-01T11:00:00.000Z',
          remarks: 'Ask about the gap in 2024',
        },
        w.orgA.adminToken,
      );
    const made = await schedule((mine.applications[0] as { _id: string })._id);
    await schedule((theirs.applications[0] as { _id: string })._id);
    const listed = await call(t.app, clientInterviewList, {}, mine.portal.token);
    expect(listed.status, listed.body.message).toBe(200);
    expect(listed.body.data.results).toEqual([
      expect.objectContaining({
        _id: made.body.data._id,
        interviewType: 'Technical',
        status: 'SCHEDULED',
        job: { _id: mine.job._id, label: mine.job.title },
      }),
    ]);
    expect(listed.body.data.results[0]).not.toHaveProperty('remarks');
    expect(listed.body.data.results[0]).not.toHaveProperty('scorecard');
    const ofOther = await call(
      t.app,
      clientInterviewList,
      { filter: { jobApplicationId: (theirs.applications[0] as { _id: string })._id } },
      mine.portal.token,
    );
    expect(ofOther.status).toBe(404);
  });

  it('a client’s move to Rejected writes to no candidate: the letters are the agency’s to send', async () => {
    const mine = await aClientWithApplicants(2);
    const pipeline = await defaultPipelineOf(t.app, w.orgA.adminToken);
    const rejected = stageIdOf(pipeline, 'REJECTED');
    const [first, second] = mine.applications as [{ _id: string }, { _id: string }];
    const asked = await call(
      t.app,
      clientMoveToStage,
      { jobApplicationId: first._id, pipelineItemId: rejected, notifyCandidate: true },
      mine.portal.token,
    );
    expect(asked.status).toBe(400);
    expect(asked.body.message).toBe('Unknown field: notifyCandidate');
    expect(
      (await call(t.app, clientMoveToStage, { jobApplicationId: first._id, pipelineItemId: rejected }, mine.portal.token)).status,
    ).toBe(200);
    expect(
      (await call(t.app, clientMultiMoveToStage, { jobApplicationIds: [second._id], pipelineItemId: rejected }, mine.portal.token)).status,
    ).toBe(200);
    for (const person of mine.people) expect(await mailTo(t.app, person.email as string)).toEqual([]);
  });

  it('are for client users only', async () => {
    for (const call_ of [clientApplicationList, clientInterviewList]) {
      expect((await call(t.app, call_, {}, w.orgA.adminToken)).status).toBe(403);
      expect((await call(t.app, call_, {}, w.seeker.token)).status).toBe(403);
      expect((await call(t.app, call_, {})).status).toBe(401);
    }
  });
});
