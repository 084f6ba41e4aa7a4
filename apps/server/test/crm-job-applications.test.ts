import { candidate } from '@app/contract/resources/crm/candidate';
import {
  addToLongList,
  applicationStages,
  candidateApplicationList,
  crmJobApplication,
  grantApplicationAccess,
  jobApplicantsList,
  sendJobApplicantEmail,
} from '@app/contract/resources/hiring/job-application';
import { hiringPipeline } from '@app/contract/resources/hiring/pipeline';
import { describe, expect, it } from 'vitest';
import { newId } from '../src/engine/ids';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate, type CandidateRecord } from './support/candidates';
import { logsOf } from './support/entity-log';
import { aCrmJob, aLongList, defaultPipelineOf, type PipelineRecord, stageIdOf } from './support/hiring';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { aStaffMember, aUser, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const calls = crmJobApplication.calls;
const move = applicationStages.move;
const moveMany = applicationStages.moveMany;

type Application = {
  _id: string;
  candidateId: string;
  jobId: string;
  pipelineId: string;
  pipelineCurrentStage: string;
  pipelineStageHistory: { movedBy: { _id: string; name: string }; stage: string; movedAt: string; remarks: string | null }[];
  isPersonalInfoVisibleToClient: boolean;
  joiningInfo: { startDate: string; endDate: string | null; durationInMonths: number | null } | null;
  source: string;
  stageEnteredAt: string;
};

let pipeline: PipelineRecord;
const stage = async (type: string, token = w.orgA.adminToken) => {
  pipeline = await defaultPipelineOf(t.app, token);
  return stageIdOf(pipeline, type);
};

/** Candidates long-listed on a new job: the applications, in the order of the candidates. */
const longListed = (n: number, token = w.orgA.adminToken) => aLongList<Application>(t.app, token, n);

const details = async (id: string, token = w.orgA.adminToken) =>
  (await call(t.app, calls.details, { _id: id }, token)).body.data as Application;

describe('CRM job applications: add to long list (crm.md §7; DECISIONS.md §11)', () => {
  it('put many candidates on many jobs at LONG_LIST in one call, each pair once', async () => {
    const jobs = [await aCrmJob(t.app, w.orgA.adminToken), await aCrmJob(t.app, w.orgA.adminToken)];
    const people = [await aCandidate(t.app, w.orgA.adminToken), await aCandidate(t.app, w.orgA.adminToken)];
    const body = { candidateIds: people.map((p) => p._id), jobIds: jobs.map((j) => j._id) };
    const first = await call(t.app, addToLongList, body, w.orgA.adminToken);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.message).toBe('4 added to the long list');
    const longList = await stage('LONG_LIST');
    for (const application of first.body.data.added as Application[]) {
      expect(application).toMatchObject({ pipelineCurrentStage: longList, source: 'MANUAL', isPersonalInfoVisibleToClient: false });
      expect(application.pipelineStageHistory).toEqual([
        expect.objectContaining({
          stage: longList,
          remarks: 'Added to the long list',
          movedBy: expect.objectContaining({ name: 'Ada Admin' }),
        }),
      ]);
    }
    const again = await call(t.app, addToLongList, body, w.orgA.adminToken);
    expect(again.body.data.added).toEqual([]);
    expect(again.body.data.alreadyThere).toHaveLength(4);
    expect(again.body.message).toBe('Already on the long list');
  });

  it('add each pair once when the same long list is sent twice at once', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const body = { candidateIds: [person._id], jobIds: [job._id] };
    const answers = await Promise.all([
      call(t.app, addToLongList, body, w.orgA.adminToken),
      call(t.app, addToLongList, body, w.orgA.adminToken),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.added.length).sort()).toEqual([0, 1]);
    const listed = await call(t.app, jobApplicantsList, { jobId: job._id }, w.orgA.adminToken);
    expect(listed.body.data.totalResults).toBe(1);
  });

  it('refuse bad ids with the spec’s words, another organisation’s candidate or job as not found, and a closed job', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const badCandidate = await call(t.app, addToLongList, { candidateIds: ['x'], jobIds: [job._id] }, w.orgA.adminToken);
    expect(badCandidate.body.message).toBe('candidate id must be a valid mongoId');
    const badJob = await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: ['x'] }, w.orgA.adminToken);
    expect(badJob.body.message).toBe('job id must be a valid mongoId');
    const theirJob = await aCrmJob(t.app, w.orgB.adminToken);
    const theirPerson = await aCandidate(t.app, w.orgB.adminToken);
    expect((await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [theirJob._id] }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, addToLongList, { candidateIds: [theirPerson._id], jobIds: [job._id] }, w.orgA.adminToken)).status).toBe(404);
    await call(t.app, { method: 'PUT', path: '/crm/job/update-status' }, { _id: job._id, status: 'CLOSED' }, w.orgA.adminToken);
    const closed = await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [job._id] }, w.orgA.adminToken);
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe(`${job.title} is closed: it takes no new applications`);
  });

  it('take the candidates a list’s bulk bar chose onto one job’s long list', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const people = [await aCandidate(t.app, w.orgA.adminToken), await aCandidate(t.app, w.orgA.adminToken)];
    const bulk = { method: 'PUT', path: '/candidate/bulk' } as const;
    const body = { ids: people.map((p) => p._id), action: 'add-to-long-list', value: { jobIds: [job._id] } };
    const done = await call(t.app, bulk, body, w.orgA.adminToken);
    expect(done.status, done.body.message).toBe(200);
    const again = await call(t.app, bulk, body, w.orgA.adminToken);
    expect(again.status, again.body.message).toBe(200);
    const listed = await call(t.app, jobApplicantsList, { jobId: job._id }, w.orgA.adminToken);
    expect(listed.body.data.totalResults).toBe(2);
    const theirs = await aCrmJob(t.app, w.orgB.adminToken);
    const refused = await call(t.app, bulk, { ...body, value: { jobIds: [theirs._id] } }, w.orgA.adminToken);
    expect(refused.status).toBe(404);
  });

  it('make the candidate’s appliedJobCount real', async () => {
    const { people } = await longListed(1);
    const person = people[0] as CandidateRecord;
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [job._id] }, w.orgA.adminToken);
    const read = await call(t.app, candidate.calls.details, { _id: person._id }, w.orgA.adminToken);
    expect(read.body.data.appliedJobCount).toBe(2);
  });
});

describe('CRM job applications: moves (crm.md §4; DECISIONS.md §11)', () => {
  it('move one application, recording who, when, the stage and the remarks, and when it got there', async () => {
    const { applications } = await longListed(1);
    const application = applications[0] as Application;
    const shortList = await stage('SHORT_LIST');
    const moved = await call(
      t.app,
      move,
      { jobApplicationId: application._id, pipelineItemId: shortList, remarks: 'Strong CV' },
      w.orgA.adminToken,
    );
    expect(moved.status, moved.body.message).toBe(200);
    const after = await details(application._id);
    expect(after.pipelineCurrentStage).toBe(shortList);
    expect(after.pipelineStageHistory.at(-1)).toMatchObject({ stage: shortList, remarks: 'Strong CV', movedBy: { name: 'Ada Admin' } });
    expect(new Date(after.stageEnteredAt).getTime()).toBeGreaterThan(new Date(application.stageEnteredAt).getTime());
    expect((await logsOf(t.app, application._id)).map((log) => log.action)).toContain('STATUS_CHANGE');
    const same = await call(t.app, move, { jobApplicationId: application._id, pipelineItemId: shortList }, w.orgA.adminToken);
    expect(same.status).toBe(200);
    expect((await details(application._id)).pipelineStageHistory).toHaveLength(2);
  });

  it('refuse bad ids with the spec’s words', async () => {
    const { applications } = await longListed(1);
    const id = (applications[0] as Application)._id;
    const badApplication = await call(t.app, move, { jobApplicationId: 'x', pipelineItemId: await stage('HIRED') }, w.orgA.adminToken);
    expect(badApplication.body.message).toBe('job application id must be a valid mongoId');
    const badStage = await call(t.app, move, { jobApplicationId: id, pipelineItemId: 'x' }, w.orgA.adminToken);
    expect(badStage.body.message).toBe('pipeline item id must be a valid mongoId');
    const badDestination = await call(t.app, moveMany, { jobApplicationIds: [id], pipelineItemId: 'x' }, w.orgA.adminToken);
    expect(badDestination.body.message).toBe('destination pipeline item id must be a valid mongoId');
    const badMany = await call(t.app, moveMany, { jobApplicationIds: ['x'], pipelineItemId: await stage('HIRED') }, w.orgA.adminToken);
    expect(badMany.body.message).toBe('job application id must be a valid mongoId');
  });

  it('refuse a stage of another pipeline, a disabled stage and another organisation’s stage', async () => {
    const { applications } = await longListed(1);
    const id = (applications[0] as Application)._id;
    const other = await call(
      t.app,
      hiringPipeline.calls.create,
      {
        title: 'Other',
        items: [{ stage: { title: 'Applied', stageType: 'APPLIED' } }, { stage: { title: 'Old', stageType: 'SCREENING' }, enabled: false }],
      },
      w.orgA.adminToken,
    );
    const elsewhere = await call(t.app, move, { jobApplicationId: id, pipelineItemId: other.body.data.items[0]._id }, w.orgA.adminToken);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('The stage is not in this job application’s own pipeline');
    const disabled = await call(t.app, move, { jobApplicationId: id, pipelineItemId: other.body.data.items[1]._id }, w.orgA.adminToken);
    expect(disabled.status).toBe(400);
    expect(disabled.body.message).toBe('This stage is disabled: it takes no records');
    const theirs = await stage('HIRED', w.orgB.adminToken);
    expect((await call(t.app, move, { jobApplicationId: id, pipelineItemId: theirs }, w.orgA.adminToken)).status).toBe(404);
  });

  it('move many at once, all or none', async () => {
    const { applications } = await longListed(3);
    const screening = await stage('SCREENING');
    const ids = applications.map((a) => a._id);
    const refused = await call(t.app, moveMany, { jobApplicationIds: [...ids, newId()], pipelineItemId: screening }, w.orgA.adminToken);
    expect(refused.status).toBe(404);
    for (const id of ids) expect((await details(id)).pipelineCurrentStage).not.toBe(screening);
    const moved = await call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: screening, remarks: 'Batch' }, w.orgA.adminToken);
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data.changed).toBe(3);
    for (const id of ids) expect((await details(id)).pipelineCurrentStage).toBe(screening);
  });

  it('keep a consistent history when two recruiters move the same applications at once', async () => {
    const { applications } = await longListed(5);
    const ids = applications.map((a) => a._id);
    const [screening, submitted] = [await stage('SCREENING'), await stage('SUBMITTED')];
    const answers = await Promise.all([
      call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: screening, remarks: 'one' }, w.orgA.adminToken),
      call(t.app, moveMany, { jobApplicationIds: [...ids].reverse(), pipelineItemId: submitted, remarks: 'two' }, w.orgA.adminToken),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    for (const id of ids) {
      const after = await details(id);
      const moves = after.pipelineStageHistory.slice(1);
      expect(moves.map((entry) => entry.remarks).sort()).toEqual(['one', 'two']);
      expect(after.pipelineCurrentStage).toBe(moves.at(-1)?.stage);
    }
  });

  it('take the joining dates on a move to HIRED', async () => {
    const { applications } = await longListed(1);
    const id = (applications[0] as Application)._id;
    const hired = await stage('HIRED');
    const missing = await call(t.app, move, { jobApplicationId: id, pipelineItemId: hired }, w.orgA.adminToken);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please provide the joining date');
    expect((await details(id)).pipelineCurrentStage).not.toBe(hired);
    const moved = await call(
      t.app,
      move,
      { jobApplicationId: id, pipelineItemId: hired, joiningDate: '2027-01-04T00:00:00.000Z', joiningEndDate: '2027-07-04T00:00:00.000Z' },
      w.orgA.adminToken,
    );
    expect(moved.status, moved.body.message).toBe(200);
    expect((await details(id)).joiningInfo).toEqual({
      startDate: '2027-01-04T00:00:00.000Z',
      endDate: '2027-07-04T00:00:00.000Z',
      durationInMonths: 5.9,
    });
  });

  it('mail the candidate the letter of a move to REJECTED or OFFERED unless asked not to', async () => {
    const { applications, people, job } = await longListed(2);
    const [first, second] = applications as [Application, Application];
    const rejected = await call(t.app, move, { jobApplicationId: first._id, pipelineItemId: await stage('REJECTED') }, w.orgA.adminToken);
    expect(rejected.status, rejected.body.message).toBe(200);
    const letters = await mailTo(t.app, (people[0] as CandidateRecord).email);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ subject: `Your application for ${job.title}`, kind: 'JOB_APPLICANT_REJECTION' });
    expect(letters[0]?.text).toContain('Dear Grace');
    await call(
      t.app,
      move,
      { jobApplicationId: second._id, pipelineItemId: await stage('OFFERED'), notifyCandidate: false },
      w.orgA.adminToken,
    );
    expect(await mailTo(t.app, (people[1] as CandidateRecord).email)).toHaveLength(0);
    await call(t.app, move, { jobApplicationId: second._id, pipelineItemId: await stage('OFFERED') }, w.orgA.adminToken);
    expect(await mailTo(t.app, (people[1] as CandidateRecord).email)).toHaveLength(0);
  });
});

describe('CRM job applications: lists, access and mail (crm.md §6, §7)', () => {
  it('list a candidate’s applications and a job’s applicants, the whole board in one call', async () => {
    const { job, people } = await longListed(3);
    const board = await call(t.app, jobApplicantsList, { jobId: job._id, limit: 'ALL' }, w.orgA.adminToken);
    expect(board.status, board.body.message).toBe(200);
    expect(board.body.data.results).toHaveLength(3);
    expect(board.body.data.results[0].candidate).toMatchObject({ _id: expect.any(String), label: expect.stringContaining('Grace') });
    // A card carries what the board shows; the job is the board's own and the history is on the application's page.
    expect(Object.keys(board.body.data.results[0]).sort()).toEqual(
      [
        '_id',
        'candidate',
        'candidateCvId',
        'candidateId',
        'createdAt',
        'interviews',
        'isPersonalInfoVisibleToClient',
        'itemId',
        'pipelineCurrentStage',
        'source',
        'stageEnteredAt',
        'updatedAt',
      ].sort(),
    );
    const person = people[0] as CandidateRecord;
    const mine = await call(t.app, candidateApplicationList, { candidateId: person._id }, w.orgA.adminToken);
    expect(mine.body.data.results.map((a: Application) => a.jobId)).toEqual([job._id]);
    expect(mine.body.data.results[0].job).toMatchObject({ _id: job._id, label: job.title });
    const bad = await call(t.app, candidateApplicationList, { candidateId: 'x' }, w.orgA.adminToken);
    expect(bad.body.message).toBe('candidateId must be a valid mongoId');
    const theirJob = await aCrmJob(t.app, w.orgB.adminToken);
    expect((await call(t.app, jobApplicantsList, { jobId: theirJob._id }, w.orgA.adminToken)).status).toBe(404);
    const all = await call(t.app, calls.list, { limit: 'ALL', filter: { jobId: job._id } }, w.orgA.adminToken);
    expect(all.body.data.totalResults).toBe(3);
  });

  it('grant the client sight of the candidate’s personal details, logged', async () => {
    const { applications } = await longListed(1);
    const id = (applications[0] as Application)._id;
    const granted = await call(t.app, grantApplicationAccess, { _id: id, isPersonalInfoVisibleToClient: true }, w.orgA.adminToken);
    expect(granted.status, granted.body.message).toBe(200);
    expect(granted.body.data.isPersonalInfoVisibleToClient).toBe(true);
    expect((await logsOf(t.app, id)).some((log) => log.action === 'UPDATE')).toBe(true);
  });

  it('mail the chosen applicants, by their contact or the candidate, recorded as sent mail', async () => {
    const { people, job } = await longListed(2);
    const [first, second] = people as [CandidateRecord, CandidateRecord];
    const selfContact = (await call(t.app, candidate.calls.details, { _id: first._id }, w.orgA.adminToken)).body.data.selfContact;
    const sent = await call(
      t.app,
      sendJobApplicantEmail,
      {
        contactIds: [selfContact._id, second._id],
        subject: 'Next steps',
        body: '<p>Hello <b>there</b><script>x</script></p>',
        jobId: job._id,
      },
      w.orgA.adminToken,
    );
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.data.sent).toBe(2);
    const [mail] = await mailTo(t.app, second.email);
    expect(mail).toMatchObject({ subject: 'Next steps', kind: 'JOB_APPLICANT_EMAIL' });
    expect(mail?.html).not.toContain('script');
    for (const [input, message] of [
      [{ contactIds: [second._id], subject: ' ', body: 'x' }, 'Please provide subject'],
      [{ contactIds: [second._id], subject: 'x', body: '' }, 'Please provide email body'],
      [{ contactIds: ['x'], subject: 'x', body: 'x' }, 'contactId must be a valid mongoId'],
    ] as const) {
      const refused = await call(t.app, sendJobApplicantEmail, input, w.orgA.adminToken);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    expect(
      (await call(t.app, sendJobApplicantEmail, { contactIds: [theirs._id], subject: 'x', body: 'x' }, w.orgA.adminToken)).status,
    ).toBe(404);
  });

  it('are another organisation’s 404, need the Job Application permission, and are for staff only', async () => {
    const { applications: theirs } = await longListed(1, w.orgB.adminToken);
    const id = (theirs[0] as Application)._id;
    expect((await call(t.app, calls.details, { _id: id }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, grantApplicationAccess, { _id: id, isPersonalInfoVisibleToClient: true }, w.orgA.adminToken)).status).toBe(
      404,
    );
    expect((await call(t.app, move, { jobApplicationId: id, pipelineItemId: await stage('HIRED') }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.list, {}, w.staffA.token)).status).toBe(403);
    const reader = await permissionId(t.app, w.root, { feature: 'Job Application', level: 'READ' });
    const staff = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [reader])] });
    expect((await call(t.app, calls.list, {}, staff.token)).status).toBe(200);
    const { applications } = await longListed(1);
    const mine = (applications[0] as Application)._id;
    expect((await call(t.app, move, { jobApplicationId: mine, pipelineItemId: await stage('HIRED') }, staff.token)).status).toBe(403);
    const clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: newId() });
    const recruiter = await aUser(t.app, { userType: 'RECRUITER' });
    for (const token of [w.seeker.token, recruiter.token, clientUser.token]) {
      expect((await call(t.app, calls.list, {}, token)).status).toBe(403);
      expect((await call(t.app, addToLongList, { candidateIds: [newId()], jobIds: [newId()] }, token)).status).toBe(403);
      expect((await call(t.app, move, { jobApplicationId: mine, pipelineItemId: await stage('HIRED') }, token)).status).toBe(403);
    }
  });
});
