import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { crmJob, publishCrmJobToBoard, unpublishCrmJobFromBoard } from '@app/contract/resources/hiring/crm-job';
import { crmJobApplication, jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import { appliedJobIds, applyForJob, notWithdrawableMessage, withdrawApplication } from '@app/contract/resources/job-board/application';
import { companyBySlug } from '@app/contract/resources/job-board/company';
import { jobBySlug, searchJobs } from '@app/contract/resources/job-board/job';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates } from '../src/db/schema/candidates';
import { crmContacts } from '../src/db/schema/contacts';
import { crmJobApplications, hiringPipelineItems } from '../src/db/schema/hiring';
import { jobs, recruiterCompanies } from '../src/db/schema/job-board';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { aCrmJob, type CrmJobRecord, defaultPipelineOf, stageIdOf } from './support/hiring';
import { aSeeker, type Seeker } from './support/job-board';
import { mailTo } from './support/outbox';
import { aBuiltWebApp, call, startTestApp, type TestApp } from './support/test-app';
import { aStaffMember, aWorld, type World } from './support/world';

const webDist = aBuiltWebApp();
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp({ webDist });
  w = await aWorld(t.app);
});
afterAll(() => t?.close());

type Published = CrmJobRecord & { boardJobId: string; boardJob: { _id: string; slug: string; status: string } };

const db = () => t.app.database.db;

/** A CRM job of organisation A with what the board shows, published there by A's admin. */
const aPublishedJob = async (input: Record<string, unknown> = {}) => {
  const job = await aCrmJob(t.app, w.orgA.adminToken, {
    description: 'Days, Leeds, good pay.',
    address: { city: 'Leeds', postCode: 'LS1 4AP' },
    salaries: [{ min: 30_000, max: 40_000, duration: 'YEAR' }],
    jobTypes: [1],
    workModel: 'HYBRID',
    experience: ['3-5', '5-10'],
    ...input,
  });
  const published = await call(t.app, publishCrmJobToBoard, { _id: job._id }, w.orgA.adminToken);
  expect(published.status, published.body.message).toBe(200);
  return published.body.data as Published;
};

const apply = (jobId: string, seeker: Seeker) => call(t.app, applyForJob, { jobId, useUploadedCv: true }, seeker.token);

const applicantsOf = async (jobId: string) => {
  const answer = await call(t.app, jobApplicantsList, { jobId, limit: 'ALL' }, w.orgA.adminToken);
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data.results as Record<string, any>[];
};

const candidatesByEmail = (email: string) =>
  db()
    .select()
    .from(candidates)
    .where(
      and(eq(candidates.organisationId, w.orgA.id), eq(candidates.emailNormalised, email.toLowerCase()), eq(candidates.isDeleted, false)),
    );

const boardRow = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0];

describe('The job board feeds the CRM (issue 29 point 5)', () => {
  it('publishes a CRM job in one click under the agency’s board company: search, the page and its JSON-LD find it', async () => {
    const job = await aPublishedJob({ title: 'Bridge Welder Leeds' });
    expect(job).toMatchObject({ status: 'PUBLISHED', boardJobId: job.boardJob._id, boardJob: { status: 'PUBLISHED' } });

    const [company] = await db().select().from(recruiterCompanies).where(eq(recruiterCompanies.organisationId, w.orgA.id));
    expect(company).toMatchObject({
      name: w.orgA.record.name,
      userId: null,
      recruiterType: 'RECRUITMENT_AGENCY',
      status: 'ACTIVE',
      isVerified: true,
    });

    const board = await boardRow(job.boardJob._id);
    expect(board).toMatchObject({
      title: 'Bridge Welder Leeds',
      recruiterId: company?.id,
      companyName: w.orgA.record.name,
      status: 'PUBLISHED',
      experience: '3-5',
      workModel: 'HYBRID',
      organisationId: w.orgA.id,
    });
    expect(board?.annualSalaryMin).toBe(30_000);
    expect(board?.postedOn).not.toBeNull();

    const found = await call(t.app, searchJobs, { search: 'Bridge Welder Leeds' });
    expect(found.body.data.results.map((r: { _id: string }) => r._id)).toContain(job.boardJob._id);
    const bySlug = await call(t.app, jobBySlug, { slug: job.boardJob.slug });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.company).toMatchObject({ name: w.orgA.record.name, isVerified: true });
    const companyPage = await call(t.app, companyBySlug, { slug: company?.slug as string });
    expect(companyPage.status).toBe(200);
    expect(companyPage.body.data.userId).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: `/jobs/${job.boardJob.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"@type":"JobPosting"');
    expect(page.body).toContain('Bridge Welder Leeds');

    // A second job goes under the same board company.
    const second = await aPublishedJob();
    expect((await boardRow(second.boardJob._id))?.recruiterId).toBe(company?.id);
    expect(await db().select().from(recruiterCompanies).where(eq(recruiterCompanies.organisationId, w.orgA.id))).toHaveLength(1);
  });

  it('keeps the board copy in step: edits reach it, unpublish closes it, publishing again opens the same copy', async () => {
    const job = await aPublishedJob();
    const edited = await call(t.app, crmJob.calls.update!, { _id: job._id, title: 'Renamed Role', experience: ['10+'] }, w.orgA.adminToken);
    expect(edited.status, edited.body.message).toBe(200);
    expect(await boardRow(job.boardJob._id)).toMatchObject({ title: 'Renamed Role', experience: '10+', status: 'PUBLISHED' });

    const off = await call(t.app, unpublishCrmJobFromBoard, { _id: job._id }, w.orgA.adminToken);
    expect(off.status, off.body.message).toBe(200);
    expect(off.body.message).toBe('Taken off the job board');
    expect(off.body.data).toMatchObject({ status: 'PUBLISHED', boardJob: { _id: job.boardJob._id, status: 'CLOSED' } });
    // An edit after unpublishing does not put it back up.
    await call(t.app, crmJob.calls.update!, { _id: job._id, title: 'Renamed Again' }, w.orgA.adminToken);
    expect(await boardRow(job.boardJob._id)).toMatchObject({ title: 'Renamed Again', status: 'CLOSED' });

    const again = await call(t.app, publishCrmJobToBoard, { _id: job._id }, w.orgA.adminToken);
    expect(again.status).toBe(200);
    expect(again.body.data.boardJob).toMatchObject({ _id: job.boardJob._id, status: 'PUBLISHED' });
  });

  it('turns a seeker’s application into a new CRM candidate with the CV sent, at APPLIED on the job’s pipeline', async () => {
    const job = await aPublishedJob();
    const seeker = await aSeeker(t.app, { first: 'Nadia', cv: true, phone: '+447700900555' });
    const applied = await apply(job.boardJob._id, seeker);
    expect(applied.status, applied.body.message).toBe(200);

    const [person, ...more] = await candidatesByEmail(seeker.email);
    expect(more).toEqual([]);
    expect(person).toMatchObject({ email: seeker.email, userId: null, name: expect.objectContaining({ first: 'Nadia' }) });
    expect(person?.selfContactId).toBeTruthy();
    // The card is the candidate's, owned as the candidate is (by the job's staff owner), not by the seeker who applied.
    const [card] = await db()
      .select()
      .from(crmContacts)
      .where(eq(crmContacts.id, person?.selfContactId as string));
    expect(card?.ownerId).toBe(person?.ownerId);
    expect(card?.ownerId).not.toBe(seeker.userId);

    const pipeline = await defaultPipelineOf(t.app, w.orgA.adminToken);
    const [application] = await applicantsOf(job._id);
    expect(application).toMatchObject({ candidateId: person?.id, source: 'BOARD', pipelineCurrentStage: stageIdOf(pipeline, 'APPLIED') });
    // The board application it came from (not part of the record: the withdrawal finds the twin by it).
    const [stored] = await db().select().from(crmJobApplications).where(eq(crmJobApplications.id, application?._id));
    expect(stored?.boardApplicationId).toBe(applied.body.data._id);
    const cv = await call(t.app, candidateCv.calls.details!, { _id: application?.candidateCvId }, w.orgA.adminToken);
    expect(cv.status, cv.body.message).toBe(200);
    expect(cv.body.data).toMatchObject({ jobSeekerId: person?.id, type: 'UPLOADED', isDefault: true });
    expect(cv.body.data.file.mimeType).toBe('application/pdf');

    // The staff owner of the job hears of it (the board company has no account to mail).
    const mail = await mailTo(t.app, w.orgA.adminEmail);
    expect(mail.some((m) => m.subject === `New applicant for ${job.title}`)).toBe(true);
    // Applying twice is still the board's 409.
    expect((await apply(job.boardJob._id, seeker)).status).toBe(409);
  });

  it('finds the organisation’s existing candidate by email instead of making another', async () => {
    const job = await aPublishedJob();
    const seeker = await aSeeker(t.app, { first: 'Omar', cv: true, phone: '+447700900777' });
    const existing = await aCandidate(t.app, w.orgA.adminToken, { email: seeker.email.toUpperCase() });
    expect((await apply(job.boardJob._id, seeker)).status).toBe(200);
    expect(await candidatesByEmail(seeker.email)).toHaveLength(1);
    const [application] = await applicantsOf(job._id);
    expect(application).toMatchObject({ candidateId: existing._id, source: 'BOARD' });
  });

  it('withdrawing on the board takes the application out of the running on the pipeline', async () => {
    const job = await aPublishedJob();
    const seeker = await aSeeker(t.app, { cv: true, phone: '+447700900888' });
    const applied = await apply(job.boardJob._id, seeker);
    const id = applied.body.data._id as string;

    const other = await aSeeker(t.app);
    expect((await call(t.app, withdrawApplication, { _id: id }, other.token)).status).toBe(404);
    expect((await call(t.app, withdrawApplication, { _id: id }, w.orgA.adminToken)).status).toBe(403);
    expect((await call(t.app, withdrawApplication, { _id: 'nope' }, seeker.token)).body.message).toBe(
      'job application id must be a valid mongoId',
    );

    const withdrawn = await call(t.app, withdrawApplication, { _id: id }, seeker.token);
    expect(withdrawn.status, withdrawn.body.message).toBe(200);
    expect(withdrawn.body.message).toBe('Your application has been withdrawn');
    expect(withdrawn.body.data.status).toBe('WITHDRAWN');
    expect((await call(t.app, appliedJobIds, {}, seeker.token)).body.data).toContainEqual(
      expect.objectContaining({ jobId: job.boardJob._id, status: 'WITHDRAWN' }),
    );

    const pipeline = await defaultPipelineOf(t.app, w.orgA.adminToken);
    const [card] = await applicantsOf(job._id);
    expect(card?.pipelineCurrentStage).toBe(stageIdOf(pipeline, 'REJECTED'));
    const application = (await call(t.app, crmJobApplication.calls.details!, { _id: card?._id }, w.orgA.adminToken)).body.data;
    expect(application?.pipelineStageHistory.at(-1)).toMatchObject({ remarks: 'Withdrawn by the candidate on the job board' });
    // Nothing was mailed to the candidate about a rejection they chose.
    const letters = await mailTo(t.app, seeker.email);
    expect(letters.filter((m) => /unsuccessful|not successful|rejected/i.test(`${m.subject} ${m.text}`))).toEqual([]);

    const twice = await call(t.app, withdrawApplication, { _id: id }, seeker.token);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(notWithdrawableMessage);
  });

  it('closing or archiving the CRM job closes the board job, and the board refuses applications to it', async () => {
    const job = await aPublishedJob({ title: 'Closing Soon Role' });
    const closed = await call(t.app, crmJob.calls.setStatus!, { _id: job._id, status: 'CLOSED' }, w.orgA.adminToken);
    expect(closed.status, closed.body.message).toBe(200);
    expect((await boardRow(job.boardJob._id))?.status).toBe('CLOSED');
    const seeker = await aSeeker(t.app, { cv: true, phone: '+447700900999' });
    expect((await apply(job.boardJob._id, seeker)).status).toBe(404);
    const found = await call(t.app, searchJobs, { search: 'Closing Soon Role' });
    expect(found.body.data.results.map((r: { _id: string }) => r._id)).not.toContain(job.boardJob._id);

    const archived = await aPublishedJob();
    await call(t.app, crmJob.calls.setStatus!, { _id: archived._id, status: 'ARCHIVED' }, w.orgA.adminToken);
    expect((await boardRow(archived.boardJob._id))?.status).toBe('CLOSED');
    const refused = await call(t.app, publishCrmJobToBoard, { _id: archived._id }, w.orgA.adminToken);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('An archived job cannot be published');

    // Deleting the CRM job takes its copy off the board too.
    const deleted = await aPublishedJob();
    expect((await call(t.app, crmJob.calls.remove!, { _id: deleted._id }, w.orgA.adminToken)).status).toBe(200);
    expect((await boardRow(deleted.boardJob._id))?.status).toBe('CLOSED');
  });

  it('is for the job’s own organisation’s staff with Job WRITE: 403 for others, 404 for another organisation’s job', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const seeker = await aSeeker(t.app);
    expect((await call(t.app, publishCrmJobToBoard, { _id: job._id }, seeker.token)).status).toBe(403);
    expect((await call(t.app, publishCrmJobToBoard, { _id: job._id }, w.platformAdmin.token)).status).toBe(403);
    expect((await call(t.app, publishCrmJobToBoard, { _id: job._id }, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, publishCrmJobToBoard, { _id: job._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, unpublishCrmJobFromBoard, { _id: job._id }, w.orgB.adminToken)).status).toBe(404);
    const notOn = await call(t.app, unpublishCrmJobFromBoard, { _id: job._id }, w.orgA.adminToken);
    expect(notOn.status).toBe(400);
    expect(notOn.body.message).toBe('This job is not on the job board');

    const reader = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [await roleOf(t.app, w.orgA.adminToken, [await permissionId(t.app, w.root, { feature: 'Job', level: 'READ' })])],
    });
    expect((await call(t.app, publishCrmJobToBoard, { _id: job._id }, reader.token)).status).toBe(403);
    const writer = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [await roleOf(t.app, w.orgA.adminToken, [await permissionId(t.app, w.root, { feature: 'Job', level: 'WRITE' })])],
    });
    const published = await call(t.app, publishCrmJobToBoard, { _id: job._id }, writer.token);
    expect(published.status, published.body.message).toBe(200);
    expect(published.body.message).toBe('Published on the job board');
  });

  it('leaves nothing half-written when a step of the apply fails', async () => {
    const job = await aPublishedJob();
    // A pipeline with no stage to start at makes the CRM side refuse, after the board side was written.
    await db().update(hiringPipelineItems).set({ enabled: false }).where(eq(hiringPipelineItems.pipelineId, job.pipelineId));
    try {
      const seeker = await aSeeker(t.app, { cv: true, phone: '+447700900444' });
      const refused = await apply(job.boardJob._id, seeker);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('This job’s pipeline has no enabled stage');
      expect((await call(t.app, appliedJobIds, {}, seeker.token)).body.data).toEqual([]);
      expect(await candidatesByEmail(seeker.email)).toEqual([]);
      expect((await boardRow(job.boardJob._id))?.applicantCount).toBe(0);
      expect(await applicantsOf(job._id)).toEqual([]);
    } finally {
      await db().update(hiringPipelineItems).set({ enabled: true }).where(eq(hiringPipelineItems.pipelineId, job.pipelineId));
    }
  });
});
