import { adminDashboardCounts } from '@app/contract/resources/content/admin-board';
import { contactQuery, replyToContact } from '@app/contract/resources/content/article';
import { applyForJob } from '@app/contract/resources/job-board/application';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobApplications } from '../../src/db/schema/job-board';
import { aCompany, aJob, aSeeker, type BoardWorld, withBoard } from '../support/job-board';
import { call, type TestApp } from '../support/test-app';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const counts = async (token = w.platformAdmin.token) => {
  const { status, body } = await call(t.app, adminDashboardCounts, {}, token);
  expect(status, body.message).toBe(200);
  return body.data as Record<string, number>;
};

describe('GET /admin/dashboard', () => {
  it('answers the five counts to both kinds of platform admin', async () => {
    const admin = await counts();
    expect(Object.keys(admin).sort()).toEqual(
      ['applicationsThisWeek', 'jobSeekers', 'openContactQueries', 'publishedJobs', 'recruiterCompanies'].sort(),
    );
    // The board world has two seekers and two companies.
    expect(admin.jobSeekers).toBeGreaterThanOrEqual(2);
    expect(admin.recruiterCompanies).toBeGreaterThanOrEqual(2);
    expect(await counts(w.root)).toEqual(admin);
  });

  it('counts what is created: seekers, companies, published jobs (not drafts), this week’s applications, NEW queries', async () => {
    const before = await counts();
    const company = await aCompany(t.app);
    const seeker = await aSeeker(t.app, { cv: true });
    const published = await aJob(t.app, company.token);
    await aJob(t.app, company.token, { status: 'DRAFT' });
    expect((await call(t.app, applyForJob, { jobId: published._id }, seeker.token)).status).toBe(200);
    const query = await call(t.app, contactQuery.calls.create!, { phone: '+44770090012', email: 'dash@example.com', content: 'Hello' });
    expect(query.status).toBe(200);

    const after = await counts();
    expect(after).toEqual({
      jobSeekers: before.jobSeekers + 1,
      recruiterCompanies: before.recruiterCompanies + 1,
      publishedJobs: before.publishedJobs + 1,
      applicationsThisWeek: before.applicationsThisWeek + 1,
      openContactQueries: before.openContactQueries + 1,
    });

    // An application from eight days ago is not this week's; a replied query is no longer open.
    await t.app.database.db
      .update(jobApplications)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(jobApplications.jobId, published._id));
    const reply = await call(t.app, replyToContact, { _id: query.body.data._id, subject: 'Hi', message: 'Thanks' }, w.root);
    expect(reply.status, reply.body.message).toBe(200);
    const later = await counts();
    expect(later.applicationsThisWeek).toBe(before.applicationsThisWeek);
    expect(later.openContactQueries).toBe(before.openContactQueries);
  });

  it('is for platform admins only', async () => {
    for (const token of [w.seeker.token, w.company.token, w.crmUser.token]) {
      expect((await call(t.app, adminDashboardCounts, {}, token)).status).toBe(403);
    }
    expect((await call(t.app, adminDashboardCounts, {})).status).toBe(401);
  });
});
