import {
  appliedJobIds,
  applyForJob,
  jobApplicants,
  myApplications,
  toggleWishlist,
  updateApplicationStatus,
  wishlistJobs,
} from '@app/contract/resources/job-board/application';
import { job } from '@app/contract/resources/job-board/job';
import { myJobSeekerProfile } from '@app/contract/resources/job-board/job-seeker';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entityLogs } from '../../src/db/schema/services';
import { logsOf } from '../support/entity-log';
import { aCompany, aJob, aSeeker, type BoardWorld, daysFromNow, idsOf, type Job, uploadCv, withBoard } from '../support/job-board';
import { readSignedUrl, samplePdf } from '../support/multipart';
import { mailTo } from '../support/outbox';
import { call, type TestApp } from '../support/test-app';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const applicantCount = async (jobId: string) => (await call(t.app, job.calls.details!, { _id: jobId })).body.data.applicantCount as number;
const appliedJobCount = async (token: string) => (await call(t.app, myJobSeekerProfile, {}, token)).body.data.appliedJobCount as number;
const apply = (jobId: string, token: string) => call(t.app, applyForJob, { jobId }, token);

describe('POST /recruiter/job-application/apply', () => {
  it('applies once with the uploaded CV; counts it; mails the company; a second time is 409', async () => {
    const company = await aCompany(t.app);
    const posted = await aJob(t.app, company.token, { title: 'Van Driver' });
    const seeker = await aSeeker(t.app, { first: 'Cara', last: 'Jones', cv: true });
    const { status, body } = await apply(posted._id, seeker.token);
    expect(status, body.message).toBe(200);
    expect(body.message).toBe('Your application has been sent');
    expect(body.data).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), jobId: posted._id, status: 'APPLIED' });
    expect(await applicantCount(posted._id)).toBe(1);
    expect(await appliedJobCount(seeker.token)).toBe(1);

    const [mail] = await mailTo(t.app, company.email);
    expect(mail).toMatchObject({ subject: 'New applicant for Van Driver' });
    expect(mail!.text).toContain('Cara Jones has applied for Van Driver');
    expect(mail!.text).toContain(`http://localhost:3000/company/jobs/${posted._id}/applicants`);

    const again = await apply(posted._id, seeker.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already applied for this job');
    expect(await applicantCount(posted._id)).toBe(1);
    expect(await appliedJobCount(seeker.token)).toBe(1);
    expect(await mailTo(t.app, company.email)).toHaveLength(1);
  });

  it('needs a CV, an open published job and a valid id', async () => {
    const open = await aJob(t.app, w.company.token);
    const noCv = await apply(open._id, w.otherSeeker.token);
    expect(noCv.status).toBe(400);
    expect(noCv.body.message).toBe('Please upload or build your CV before you apply');

    const draft = await aJob(t.app, w.company.token, { status: 'DRAFT' });
    expect((await apply(draft._id, w.seeker.token)).status).toBe(404);
    const ended = await aJob(t.app, w.company.token, { applicationStartDate: daysFromNow(-10), applicationEndDate: daysFromNow(-1) });
    const late = await apply(ended._id, w.seeker.token);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This job is no longer taking applications');
    const early = await aJob(t.app, w.company.token, { applicationStartDate: daysFromNow(3) });
    expect((await apply(early._id, w.seeker.token)).status).toBe(400);
    const closed = await aJob(t.app, w.company.token);
    await call(t.app, job.calls.setStatus!, { _id: closed._id, status: 'CLOSED' }, w.company.token);
    expect((await apply(closed._id, w.seeker.token)).status).toBe(404);

    const badId = await call(t.app, applyForJob, { jobId: 'nope' }, w.seeker.token);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('job id must be a valid mongoId');
    expect((await apply('a'.repeat(24), w.seeker.token)).status).toBe(404);
    expect((await call(t.app, applyForJob, { jobId: open._id, cvId: 'b'.repeat(24) }, w.seeker.token)).status).toBe(404);
    expect(await applicantCount(open._id)).toBe(0);
  });

  it('is for job seekers only (403); no sign-in is 401', async () => {
    const open = await aJob(t.app, w.company.token);
    for (const token of [w.company.token, w.crmUser.token, w.platformAdmin.token]) expect((await apply(open._id, token)).status).toBe(403);
    expect((await call(t.app, applyForJob, { jobId: open._id })).status).toBe(401);
  });
});

describe('applying at the same moment', () => {
  it('ten seekers at once: ten applications, applicantCount exactly 10', async () => {
    const posted = await aJob(t.app, w.otherCompany.token, { title: 'Seasonal Picker' });
    const seekers = await Promise.all(Array.from({ length: 10 }, (_, i) => aSeeker(t.app, { first: `Rush${i}`, cv: true })));
    const answers = await Promise.all(seekers.map((s) => apply(posted._id, s.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await applicantCount(posted._id)).toBe(10);
    for (const s of seekers.slice(0, 3)) expect(await appliedJobCount(s.token)).toBe(1);
    const listed = await call(t.app, jobApplicants, { jobId: posted._id, limit: 'ALL' }, w.otherCompany.token);
    expect(listed.body.data.totalResults).toBe(10);
  });

  it('one seeker sending five applies at once: exactly one succeeds', async () => {
    const posted = await aJob(t.app, w.otherCompany.token, { title: 'Double Clicker' });
    const seeker = await aSeeker(t.app, { cv: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(posted._id, seeker.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await applicantCount(posted._id)).toBe(1);
    expect(await appliedJobCount(seeker.token)).toBe(1);
    expect((await call(t.app, appliedJobIds, {}, seeker.token)).body.data).toHaveLength(1);
  });

  it('one seeker applying to five jobs at once: five applications, appliedJobCount exactly 5', async () => {
    const seeker = await aSeeker(t.app, { cv: true });
    const jobs = await Promise.all(Array.from({ length: 5 }, () => aJob(t.app, w.company.token)));
    const answers = await Promise.all(jobs.map((j) => apply(j._id, seeker.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    expect(await appliedJobCount(seeker.token)).toBe(5);
  });
});

describe('what the seeker and the recruiter see', () => {
  let posted: Job;
  let applicationId: string;
  let cvAtApply: string;
  let seeker: Awaited<ReturnType<typeof aSeeker>>;

  it('the seeker sees their applications (GET applied-list and POST applied-job-list), no one else’s', async () => {
    seeker = await aSeeker(t.app, { first: 'Dev', last: 'Patel', cv: true });
    cvAtApply = (await call(t.app, myJobSeekerProfile, {}, seeker.token)).body.data.cvDetail._id;
    posted = await aJob(t.app, w.company.token, { title: 'Stock Controller' });
    const other = await aJob(t.app, w.otherCompany.token, { title: 'Delivery Planner' });
    applicationId = (await apply(posted._id, seeker.token)).body.data._id;
    await apply(other._id, seeker.token);
    await apply(posted._id, w.seeker.token);

    const ids = await call(t.app, appliedJobIds, {}, seeker.token);
    expect(ids.status).toBe(200);
    expect(ids.body.data.map((a: { jobId: string }) => a.jobId).sort()).toEqual([posted._id, other._id].sort());
    expect(ids.body.data[0]).toMatchObject({ _id: expect.any(String), status: 'APPLIED', appliedAt: expect.any(String) });

    const list = await call(t.app, myApplications, {}, seeker.token);
    expect(list.body.data.totalResults).toBe(2);
    expect(list.body.data.results.find((a: { _id: string }) => a._id === applicationId)).toMatchObject({
      status: 'APPLIED',
      statusHistory: [{ status: 'APPLIED', at: expect.any(String) }],
      job: { _id: posted._id, title: 'Stock Controller', companyName: w.company.name },
    });
    const searched = await call(t.app, myApplications, { search: 'planner' }, seeker.token);
    expect(searched.body.data.results.map((a: { job: { _id: string } }) => a.job._id)).toEqual([other._id]);
    const theirs = await call(t.app, myApplications, { limit: 'ALL' }, w.otherSeeker.token);
    expect(theirs.body.data.results.map((a: { _id: string }) => a._id)).not.toContain(applicationId);

    for (const token of [w.company.token, w.crmUser.token]) {
      expect((await call(t.app, appliedJobIds, {}, token)).status).toBe(403);
      expect((await call(t.app, myApplications, {}, token)).status).toBe(403);
    }
    expect((await call(t.app, myApplications, {})).status).toBe(401);
  });

  it('the recruiter sees the applicants of their own job, each with a signed link to the CV sent', async () => {
    // A CV uploaded after applying does not change the one the company received.
    await uploadCv(t.app, seeker.token, Buffer.concat([samplePdf, Buffer.from('% v2\n')]), 'newer.pdf');
    const { status, body } = await call(t.app, jobApplicants, { jobId: posted._id }, w.company.token);
    expect(status, body.message).toBe(200);
    expect(body.data.job).toMatchObject({ _id: posted._id, title: 'Stock Controller' });
    expect(body.data.totalResults).toBe(2);
    const mine = body.data.results.find((a: { _id: string }) => a._id === applicationId);
    expect(mine).toMatchObject({ status: 'APPLIED', jobSeeker: { _id: seeker.id, name: { fullName: 'Dev Patel' }, email: seeker.email } });
    expect(mine.cv.file._id).toBe(cvAtApply);
    const read = await readSignedUrl(t.app, mine.cvUrl);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(samplePdf)).toBe(true);

    const byName = await call(t.app, jobApplicants, { jobId: posted._id, search: 'patel' }, w.company.token);
    expect(idsOf(byName.body)).toEqual([applicationId]);
    const badId = await call(t.app, jobApplicants, { jobId: 'x' }, w.company.token);
    expect(badId.body.message).toBe('job id must be a valid mongoId');
  });

  it('another company’s job is a 404 and its applicants stay hidden; other user types 403', async () => {
    const other = await call(t.app, jobApplicants, { jobId: posted._id }, w.otherCompany.token);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(seeker.email);
    for (const token of [w.seeker.token, w.crmUser.token, w.platformAdmin.token]) {
      expect((await call(t.app, jobApplicants, { jobId: posted._id }, token)).status).toBe(403);
    }
  });

  it('the recruiter moves an applicant through statuses; the seeker sees each change and is mailed', async () => {
    const before = (await mailTo(t.app, seeker.email)).length;
    for (const next of ['VIEWED', 'SHORTLISTED', 'REJECTED', 'HIRED']) {
      const { status, body } = await call(t.app, updateApplicationStatus, { _id: applicationId, status: next }, w.company.token);
      expect(status, body.message).toBe(200);
      expect(body.data.status).toBe(next);
      const [mail] = await mailTo(t.app, seeker.email);
      expect(mail!.subject).toBe('Your application for Stock Controller');
      expect(mail!.text).toContain(`at ${w.company.name}`);
    }
    const mails = (await mailTo(t.app, seeker.email)).slice(0, 4).reverse();
    expect(mails.map((m) => m.text.split('\n')[2])).toEqual([
      `Your application for Stock Controller at ${w.company.name} has been viewed by the employer.`,
      `Your application for Stock Controller at ${w.company.name} has been shortlisted.`,
      `Your application for Stock Controller at ${w.company.name} was not successful this time.`,
      `Your application for Stock Controller at ${w.company.name} was successful: congratulations!.`,
    ]);
    expect((await mailTo(t.app, seeker.email)).length).toBe(before + 4);

    // The same status again changes nothing and mails no one.
    const same = await call(t.app, updateApplicationStatus, { _id: applicationId, status: 'HIRED' }, w.company.token);
    expect(same.status).toBe(200);
    expect((await mailTo(t.app, seeker.email)).length).toBe(before + 4);

    const { body } = await call(t.app, myApplications, { filter: { status: 'HIRED' } }, seeker.token);
    expect(body.data.results).toHaveLength(1);
    expect(body.data.results[0].statusHistory.map((h: { status: string }) => h.status)).toEqual([
      'APPLIED',
      'VIEWED',
      'SHORTLISTED',
      'REJECTED',
      'HIRED',
    ]);
    expect(body.data.results[0].statusHistory.every((h: { at: string }) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
    const applicants = await call(t.app, jobApplicants, { jobId: posted._id, filter: { status: 'HIRED' } }, w.company.token);
    expect(idsOf(applicants.body)).toEqual([applicationId]);
  });

  it('only the statuses a recruiter sets; another company’s applicant is a 404; other user types 403', async () => {
    for (const status of ['APPLIED', 'WITHDRAWN', 'MAYBE']) {
      const bad = await call(t.app, updateApplicationStatus, { _id: applicationId, status }, w.company.token);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Status must be VIEWED, SHORTLISTED, REJECTED or HIRED');
    }
    expect((await call(t.app, updateApplicationStatus, { _id: applicationId, status: 'REJECTED' }, w.otherCompany.token)).status).toBe(404);
    expect((await call(t.app, updateApplicationStatus, { _id: 'c'.repeat(24), status: 'REJECTED' }, w.company.token)).status).toBe(404);
    for (const token of [seeker.token, w.crmUser.token, w.platformAdmin.token]) {
      expect((await call(t.app, updateApplicationStatus, { _id: applicationId, status: 'REJECTED' }, token)).status).toBe(403);
    }
    const { body } = await call(t.app, myApplications, { filter: { status: 'HIRED' } }, seeker.token);
    expect(body.data.results).toHaveLength(1);
  });
});

describe('status changes at the same moment', () => {
  it('every change lands in the history, once, and the last one is the status', async () => {
    const posted = await aJob(t.app, w.company.token, { title: 'Busy Role' });
    const seeker = await aSeeker(t.app, { cv: true });
    const applicationId = (await apply(posted._id, seeker.token)).body.data._id;
    const changes = ['VIEWED', 'SHORTLISTED', 'REJECTED', 'HIRED'];
    const answers = await Promise.all(
      changes.map((status) => call(t.app, updateApplicationStatus, { _id: applicationId, status }, w.company.token)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const [mine] = (await call(t.app, myApplications, {}, seeker.token)).body.data.results;
    const history = mine.statusHistory.map((h: { status: string }) => h.status);
    expect(history[0]).toBe('APPLIED');
    expect(history.slice(1).sort()).toEqual([...changes].sort());
    expect(history.at(-1)).toBe(mine.status);
    expect(await mailTo(t.app, seeker.email)).toHaveLength(4);

    // A double click: the same change three times at once is one change and one mail.
    const next = mine.status === 'SHORTLISTED' ? 'VIEWED' : 'SHORTLISTED';
    const again = await Promise.all(
      [1, 2, 3].map(() => call(t.app, updateApplicationStatus, { _id: applicationId, status: next }, w.company.token)),
    );
    expect(again.map((a) => a.status)).toEqual([200, 200, 200]);
    const [after] = (await call(t.app, myApplications, {}, seeker.token)).body.data.results;
    expect(after.statusHistory).toHaveLength(6);
    expect(after.status).toBe(next);
    expect(await mailTo(t.app, seeker.email)).toHaveLength(5);
  });
});

describe('wishlist', () => {
  it('toggles a job on and off the seeker’s own wishlist', async () => {
    const posted = await aJob(t.app, w.company.token, { title: 'Shelf Stacker' });
    const on = await call(t.app, toggleWishlist, { jobId: posted._id }, w.seeker.token);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ message: 'Saved to your wishlist', data: { jobId: posted._id, wishlisted: true } });
    const list = await call(t.app, wishlistJobs, {}, w.seeker.token);
    expect(list.body.data.map((j: { _id: string }) => j._id)).toContain(posted._id);
    expect(list.body.data.find((j: { _id: string }) => j._id === posted._id)).toMatchObject({
      title: 'Shelf Stacker',
      savedAt: expect.any(String),
    });
    expect((await call(t.app, wishlistJobs, {}, w.otherSeeker.token)).body.data.map((j: { _id: string }) => j._id)).not.toContain(
      posted._id,
    );

    // A saved job that closes stays on the list, with its status.
    await call(t.app, job.calls.setStatus!, { _id: posted._id, status: 'CLOSED' }, w.company.token);
    const closed = (await call(t.app, wishlistJobs, {}, w.seeker.token)).body.data.find((j: { _id: string }) => j._id === posted._id);
    expect(closed.status).toBe('CLOSED');

    const off = await call(t.app, toggleWishlist, { jobId: posted._id }, w.seeker.token);
    expect(off.body).toMatchObject({ message: 'Removed from your wishlist', data: { wishlisted: false } });
    expect((await call(t.app, wishlistJobs, {}, w.seeker.token)).body.data.map((j: { _id: string }) => j._id)).not.toContain(posted._id);
  });

  it('only published jobs can be saved; seekers only', async () => {
    const draft = await aJob(t.app, w.company.token, { status: 'DRAFT' });
    expect((await call(t.app, toggleWishlist, { jobId: draft._id }, w.seeker.token)).status).toBe(404);
    expect((await call(t.app, toggleWishlist, { jobId: 'a'.repeat(24) }, w.seeker.token)).status).toBe(404);
    expect((await call(t.app, toggleWishlist, { jobId: 'x' }, w.seeker.token)).body.message).toBe('job id must be a valid mongoId');
    for (const token of [w.company.token, w.crmUser.token]) {
      expect((await call(t.app, toggleWishlist, { jobId: draft._id }, token)).status).toBe(403);
      expect((await call(t.app, wishlistJobs, {}, token)).status).toBe(403);
    }
    expect((await call(t.app, wishlistJobs, {})).status).toBe(401);
  });
});

describe('the entity log of applications', () => {
  it('apply, shortlist and reject each leave a row: who, what, from which status to which', async () => {
    const company = await aCompany(t.app, { name: 'Logged Ltd' });
    const posted = await aJob(t.app, company.token, { title: 'Audited Role' });
    const seeker = await aSeeker(t.app, { first: 'Lena', last: 'Law', cv: true });
    const applicationId = (await apply(posted._id, seeker.token)).body.data._id as string;
    for (const status of ['SHORTLISTED', 'REJECTED']) {
      expect((await call(t.app, updateApplicationStatus, { _id: applicationId, status }, company.token)).status).toBe(200);
    }
    // The same status again is no change and no row.
    await call(t.app, updateApplicationStatus, { _id: applicationId, status: 'REJECTED' }, company.token);
    const rows = await logsOf(t.app, applicationId);
    expect(rows.map((r) => [r.entityType, r.action])).toEqual([
      ['JobApplication', 'CREATE'],
      ['JobApplication', 'STATUS_CHANGE'],
      ['JobApplication', 'STATUS_CHANGE'],
    ]);
    const [created, shortlisted, rejected] = rows as any[];
    expect(created.user).toEqual({ _id: seeker.userId, name: 'Lena Law' });
    expect(created.to).toMatchObject({ _id: applicationId, jobId: posted._id, status: 'APPLIED' });
    expect(shortlisted.user).toMatchObject({ _id: company.userId });
    expect(shortlisted.from.status).toBe('APPLIED');
    expect(shortlisted.to.status).toBe('SHORTLISTED');
    expect(shortlisted.to.statusHistory.map((h: { status: string }) => h.status)).toEqual(['APPLIED', 'SHORTLISTED']);
    expect(rejected.from.status).toBe('SHORTLISTED');
    expect(rejected.to.status).toBe('REJECTED');
    expect(rejected.description).toContain('changed the status of JobApplication');
  });

  it('another company cannot move or list the application, and its refused attempt logs nothing', async () => {
    const posted = await aJob(t.app, w.company.token, { title: 'Private Role' });
    const seeker = await aSeeker(t.app, { cv: true });
    const applicationId = (await apply(posted._id, seeker.token)).body.data._id as string;
    const moved = await call(t.app, updateApplicationStatus, { _id: applicationId, status: 'SHORTLISTED' }, w.otherCompany.token);
    expect(moved.status).toBe(404);
    expect(moved.body.message).toBe('Job application not found');
    expect((await logsOf(t.app, applicationId)).map((r) => r.action)).toEqual(['CREATE']);
    expect((await call(t.app, jobApplicants, { jobId: posted._id }, w.otherCompany.token)).status).toBe(404);
  });

  it('saving and unsaving a job on the wishlist is logged', async () => {
    const posted = await aJob(t.app, w.company.token, { title: 'Wished Role' });
    const seeker = await aSeeker(t.app, {});
    await call(t.app, toggleWishlist, { jobId: posted._id }, seeker.token);
    await call(t.app, toggleWishlist, { jobId: posted._id }, seeker.token);
    const saved = await t.app.database.db.select().from(entityLogs).where(eq(entityLogs.entityType, 'WishlistItem'));
    const row = saved.find((r) => (r.user as { _id: string } | null)?._id === seeker.userId);
    const rows = await logsOf(t.app, row!.entityId);
    expect(rows.map((r) => [r.action, r.user?._id])).toEqual([
      ['CREATE', seeker.userId],
      ['DELETE', seeker.userId],
    ]);
    expect(rows[0]!.to).toEqual({ jobId: posted._id });
  });
});
