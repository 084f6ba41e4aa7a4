import { candidate } from '@app/contract/resources/crm/candidate';
import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { sentMail } from '@app/contract/resources/crm/sent-mail';
import {
  addToLongList,
  applicationStages,
  candidateApplicationList,
  crmJobApplication,
  jobApplicantsList,
  sendJobApplicantEmail,
} from '@app/contract/resources/hiring/job-application';
import { hiringPipeline } from '@app/contract/resources/hiring/pipeline';
import { describe, expect, it } from 'vitest';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate, type CandidateRecord } from './support/candidates';
import { logsOf } from './support/entity-log';
import { aCrmJob, aLongList, defaultPipelineOf, stageIdOf } from './support/hiring';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { anUploadedFile } from './support/uploads';
import { aStaffMember, type World, withWorld } from './support/world';

/**
 * The rules around the application calls beyond their plain success (crm-job-applications.test.ts):
 * what the caller may see of candidates and jobs, a hire's joining info as the move answers and logs
 * it, the letters, and concurrent moves and long lists.
 */
let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const move = applicationStages.move;
const moveMany = applicationStages.moveMany;
const admin = () => w.orgA.adminToken;

type Application = {
  _id: string;
  candidateId: string;
  pipelineCurrentStage: string;
  pipelineStageHistory: { stage: string; remarks: string | null }[];
  joiningInfo: { startDate: string; endDate: string | null; durationInMonths: number | null } | null;
};

const stage = async (type: string) => stageIdOf(await defaultPipelineOf(t.app, admin()), type);

const longListed = (n: number) => aLongList<Application>(t.app, admin(), n);

const details = async (id: string) => (await call(t.app, crmJobApplication.calls.details, { _id: id }, admin())).body.data as Application;

/** A staff member who writes applications but reads only their own candidates (and jobs, with `ownJobs`). */
const ownScopeRecruiter = async (input: { ownJobs?: boolean } = {}) => {
  const permissions = [
    await permissionId(t.app, w.root, { feature: 'Job Application', level: 'WRITE' }),
    await permissionId(t.app, w.root, { feature: 'Candidate', level: 'WRITE', scope: 'OWN' }),
    await permissionId(t.app, w.root, { feature: 'Job', level: 'WRITE', scope: input.ownJobs ? 'OWN' : 'ALL' }),
  ];
  return aStaffMember(t.app, admin(), { roleIds: [await roleOf(t.app, admin(), permissions)] });
};

describe('CRM job applications: only candidates and jobs the caller may read', () => {
  it('long-list a recruiter’s own candidates, and answer a colleague’s as not found (OWN scope on candidates)', async () => {
    const recruiter = await ownScopeRecruiter();
    const job = await aCrmJob(t.app, admin());
    const mine = await aCandidate(t.app, recruiter.token);
    const colleagues = await aCandidate(t.app, admin());
    const refused = await call(t.app, addToLongList, { candidateIds: [mine._id, colleagues._id], jobIds: [job._id] }, recruiter.token);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Candidate not found');
    const added = await call(t.app, addToLongList, { candidateIds: [mine._id], jobIds: [job._id] }, recruiter.token);
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.data.added).toHaveLength(1);
    const theirs = await call(t.app, candidateApplicationList, { candidateId: colleagues._id }, recruiter.token);
    expect(theirs.status).toBe(404);
    expect((await call(t.app, candidateApplicationList, { candidateId: mine._id }, recruiter.token)).body.data.totalResults).toBe(1);
  });

  it('refuse a job the recruiter may not read (OWN scope on jobs), on the long list, its applicants list and its mail', async () => {
    const recruiter = await ownScopeRecruiter({ ownJobs: true });
    const mine = await aCandidate(t.app, recruiter.token);
    const colleaguesJob = await aCrmJob(t.app, admin());
    const refused = await call(t.app, addToLongList, { candidateIds: [mine._id], jobIds: [colleaguesJob._id] }, recruiter.token);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Job not found');
    expect((await call(t.app, jobApplicantsList, { jobId: colleaguesJob._id }, recruiter.token)).status).toBe(404);
    const mail = { contactIds: [mine._id], subject: 'x', body: 'x', jobId: colleaguesJob._id };
    expect((await call(t.app, sendJobApplicantEmail, mail, recruiter.token)).status).toBe(404);
  });

  it('refuse bad and another organisation’s ids on the candidate’s and the job’s lists', async () => {
    const badJob = await call(t.app, jobApplicantsList, { jobId: 'x' }, admin());
    expect(badJob.status).toBe(400);
    expect(badJob.body.message).toBe('jobId must be a valid mongoId');
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    const refused = await call(t.app, candidateApplicationList, { candidateId: theirs._id }, admin());
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Candidate not found');
  });

  it('mail applicants only (a candidate on no job, or not on the job named, is not found), each address once', async () => {
    const { people, job } = await longListed(1);
    const applicant = people[0] as CandidateRecord;
    const bystander = await aCandidate(t.app, admin());
    const body = { subject: 'Hello', body: 'Hello' };
    const stranger = await call(t.app, sendJobApplicantEmail, { ...body, contactIds: [bystander._id] }, admin());
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Applicant not found');
    const otherJob = await aCrmJob(t.app, admin());
    const elsewhere = await call(t.app, sendJobApplicantEmail, { ...body, contactIds: [applicant._id], jobId: otherJob._id }, admin());
    expect(elsewhere.status).toBe(404);
    const selfContact = (await call(t.app, candidate.calls.details, { _id: applicant._id }, admin())).body.data.selfContact;
    const sent = await call(
      t.app,
      sendJobApplicantEmail,
      { ...body, contactIds: [applicant._id, selfContact._id], jobId: job._id },
      admin(),
    );
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.message).toBe('Email sent to 1 applicant');
    const recorded = await call(t.app, sentMail.calls.list!, { filter: { relatedTo: applicant._id }, limit: 100 }, admin());
    expect(recorded.body.data.results).toEqual([expect.objectContaining({ to: applicant.email, kind: 'JOB_APPLICANT_EMAIL' })]);
  });
});

describe('CRM job applications: the current stage read with the application', () => {
  it('name the current stage, its title and type, to a reader without the Hiring Pipeline permission', async () => {
    const { applications } = await longListed(1);
    const id = (applications[0] as Application)._id;
    const reader = await permissionId(t.app, w.root, { feature: 'Job Application', level: 'READ' });
    const staff = await aStaffMember(t.app, admin(), { roleIds: [await roleOf(t.app, admin(), [reader])] });
    expect((await call(t.app, hiringPipeline.calls.list!, {}, staff.token)).status).toBe(403);
    const read = await call(t.app, crmJobApplication.calls.details, { _id: id }, staff.token);
    expect(read.status, read.body.message).toBe(200);
    expect(read.body.data.currentStage).toEqual({ _id: await stage('LONG_LIST'), label: 'Long list', stageType: 'LONG_LIST' });
    const listed = await call(t.app, crmJobApplication.calls.list!, { limit: 'ALL' }, staff.token);
    expect(
      (listed.body.data.results as { _id: string; currentStage: { label: string } }[]).find((row) => row._id === id)?.currentStage.label,
    ).toBe('Long list');
  });
});

describe('CRM job applications: what a long list stores', () => {
  it('take the job’s client, the candidate’s default CV and MANUAL as the source; refuse a removed candidate', async () => {
    const job = await aCrmJob(t.app, admin());
    const [withCv, without] = [await aCandidate(t.app, admin()), await aCandidate(t.app, admin())];
    const cv = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: withCv._id, file: await anUploadedFile(t.app, admin()), isDefault: true },
      admin(),
    );
    expect(cv.status, cv.body.message).toBe(200);
    const added = await call(t.app, addToLongList, { candidateIds: [withCv._id, without._id], jobIds: [job._id] }, admin());
    expect(added.status, added.body.message).toBe(200);
    const byCandidate = new Map(added.body.data.added.map((a: { candidateId: string }) => [a.candidateId, a]));
    expect(byCandidate.get(withCv._id)).toMatchObject({ clientId: job.clientId, source: 'MANUAL', candidateCvId: cv.body.data._id });
    expect(byCandidate.get(without._id)).toMatchObject({ clientId: job.clientId, candidateCvId: null });
    const gone = await aCandidate(t.app, admin());
    expect((await call(t.app, candidate.calls.remove, { _id: gone._id }, admin())).status).toBe(200);
    const refused = await call(t.app, addToLongList, { candidateIds: [gone._id], jobIds: [job._id] }, admin());
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Candidate not found');
  });
});

describe('CRM job applications: a hire and the letters', () => {
  it('write and log a hire’s joining info with the move itself, and refuse an end before the start', async () => {
    const { applications } = await longListed(2);
    const [first, second] = applications as [Application, Application];
    const hired = await stage('HIRED');
    const backwards = await call(
      t.app,
      move,
      { jobApplicationId: first._id, pipelineItemId: hired, joiningDate: '2027-03-01T00:00:00Z', joiningEndDate: '2027-02-01T00:00:00Z' },
      admin(),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The end date must be after the joining date');
    const moved = await call(
      t.app,
      move,
      { jobApplicationId: first._id, pipelineItemId: hired, joiningDate: '2027-03-01T00:00:00Z' },
      admin(),
    );
    expect(moved.status, moved.body.message).toBe(200);
    const joiningInfo = { startDate: '2027-03-01T00:00:00.000Z', endDate: null, durationInMonths: null };
    expect((await details(first._id)).joiningInfo).toEqual(joiningInfo);
    const logs = await logsOf(t.app, first._id);
    expect(logs.map((log) => log.action)).toEqual(['CREATE', 'STATUS_CHANGE']);
    expect(logs[1]?.to).toMatchObject({ joiningInfo, pipelineCurrentStage: hired });
    // A later move elsewhere keeps the joining info and writes none of its own.
    await call(t.app, move, { jobApplicationId: first._id, pipelineItemId: await stage('DID_NOT_JOIN') }, admin());
    expect((await details(first._id)).joiningInfo).toEqual(joiningInfo);
    await call(t.app, move, { jobApplicationId: second._id, pipelineItemId: await stage('SCREENING') }, admin());
    expect((await details(second._id)).joiningInfo).toBeNull();
  });

  it('hire many at once with the same joining dates, or none without them', async () => {
    const { applications } = await longListed(2);
    const ids = applications.map((a) => a._id);
    const hired = await stage('HIRED');
    const refused = await call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: hired }, admin());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please provide the joining date');
    const dates = { joiningDate: '2027-01-04T00:00:00Z', joiningEndDate: '2028-01-04T00:00:00Z' };
    const moved = await call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: hired, ...dates }, admin());
    expect(moved.status, moved.body.message).toBe(200);
    for (const id of ids) expect((await details(id)).joiningInfo).toMatchObject({ durationInMonths: 12 });
  });

  it('send the offer letter with the candidate’s first name, the job and the organisation, recorded as sent mail', async () => {
    const { applications, people, job } = await longListed(1);
    const person = people[0] as CandidateRecord;
    const offered = await call(
      t.app,
      move,
      { jobApplicationId: (applications[0] as Application)._id, pipelineItemId: await stage('OFFERED') },
      admin(),
    );
    expect(offered.status, offered.body.message).toBe(200);
    const [letter] = await mailTo(t.app, person.email);
    expect(letter).toMatchObject({ subject: `An offer for ${job.title}`, kind: 'JOB_APPLICANT_OFFER_LETTER' });
    expect(letter?.text).toContain(`Dear ${person.name.first},`);
    expect(letter?.text).toContain(`the ${job.title} role`);
    expect(letter?.text).toContain(w.orgA.record.name);
    const recorded = await call(t.app, sentMail.calls.list!, { filter: { relatedTo: person._id }, limit: 100 }, admin());
    expect(recorded.body.data.results).toEqual([expect.objectContaining({ kind: 'JOB_APPLICANT_OFFER_LETTER' })]);
  });

  it('mail no one when a rejection is refused as a whole', async () => {
    const { applications, people } = await longListed(1);
    const theirJob = await aCrmJob(t.app, w.orgB.adminToken);
    const theirPerson = await aCandidate(t.app, w.orgB.adminToken);
    const theirs = await call(t.app, addToLongList, { candidateIds: [theirPerson._id], jobIds: [theirJob._id] }, w.orgB.adminToken);
    const ids = [(applications[0] as Application)._id, theirs.body.data.added[0]._id as string];
    const refused = await call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: await stage('REJECTED') }, admin());
    expect(refused.status).toBe(404);
    expect(await mailTo(t.app, (people[0] as CandidateRecord).email)).toHaveLength(0);
  });
});

describe('CRM job applications: at once', () => {
  it('leave each application the entries of the moves that changed it when two overlapping multi-moves run at once', async () => {
    const { applications } = await longListed(6);
    const ids = applications.map((a) => a._id);
    const [screening, submitted] = [await stage('SCREENING'), await stage('SUBMITTED')];
    const first = ids.slice(0, 4);
    const second = ids.slice(2);
    const answers = await Promise.all([
      call(t.app, moveMany, { jobApplicationIds: first, pipelineItemId: screening, remarks: 'one' }, admin()),
      call(t.app, moveMany, { jobApplicationIds: [...second].reverse(), pipelineItemId: screening, remarks: 'two' }, admin()),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // The overlap moved once: whichever came second found them at SCREENING already.
    expect(answers.map((a) => a.body.data.changed).reduce((a: number, b: number) => a + b)).toBe(6);
    for (const id of ids) {
      const after = await details(id);
      expect(after.pipelineStageHistory).toHaveLength(2);
      expect(after.pipelineCurrentStage).toBe(screening);
      expect((await logsOf(t.app, id)).filter((log) => log.action === 'STATUS_CHANGE')).toHaveLength(1);
    }
    const both = await Promise.all([
      call(t.app, moveMany, { jobApplicationIds: first, pipelineItemId: submitted, remarks: 'three' }, admin()),
      call(t.app, moveMany, { jobApplicationIds: second, pipelineItemId: await stage('LONG_LIST'), remarks: 'four' }, admin()),
    ]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    for (const [i, id] of ids.entries()) {
      const after = await details(id);
      const remarks = after.pipelineStageHistory.slice(2).map((entry) => entry.remarks);
      const expected = [...(i < 4 ? ['three'] : []), ...(i >= 2 ? ['four'] : [])];
      expect([...remarks].sort()).toEqual(expected.sort());
      expect(after.pipelineCurrentStage).toBe(after.pipelineStageHistory.at(-1)?.stage);
    }
  });

  it('add each pair once when the same many-by-many long list is sent twice at once', async () => {
    const jobs = [await aCrmJob(t.app, admin()), await aCrmJob(t.app, admin())];
    const people = [await aCandidate(t.app, admin()), await aCandidate(t.app, admin()), await aCandidate(t.app, admin())];
    const candidateIds = people.map((p) => p._id);
    const answers = await Promise.all([
      call(t.app, addToLongList, { candidateIds, jobIds: jobs.map((j) => j._id) }, admin()),
      call(t.app, addToLongList, { candidateIds: [...candidateIds].reverse(), jobIds: jobs.map((j) => j._id).reverse() }, admin()),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const added = answers.map((a) => a.body.data.added.length as number);
    const there = answers.map((a) => a.body.data.alreadyThere.length as number);
    expect(added[0] + added[1]).toBe(6);
    expect(there[0] + there[1]).toBe(6);
    for (const job of jobs) {
      const listed = await call(t.app, jobApplicantsList, { jobId: job._id, limit: 'ALL' }, admin());
      expect(listed.body.data.totalResults).toBe(3);
    }
    const read = await call(t.app, candidate.calls.details, { _id: people[0]?._id }, admin());
    expect(read.body.data.appliedJobCount).toBe(2);
  });

  it('start a job on a pipeline without an enabled LONG_LIST stage at its first enabled stage', async () => {
    const pipeline = await call(
      t.app,
      hiringPipeline.calls.create,
      {
        title: 'Short',
        items: [
          { stage: { title: 'Long list', stageType: 'LONG_LIST' }, enabled: false },
          { stage: { title: 'Applied', stageType: 'APPLIED' } },
          { stage: { title: 'Hired', stageType: 'HIRED' } },
        ],
      },
      admin(),
    );
    expect(pipeline.status, pipeline.body.message).toBe(200);
    const job = await aCrmJob(t.app, admin(), { pipelineId: pipeline.body.data._id });
    const person = await aCandidate(t.app, admin());
    const added = await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [job._id] }, admin());
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.data.added[0].pipelineCurrentStage).toBe(pipeline.body.data.items[1]._id);
  });
});
