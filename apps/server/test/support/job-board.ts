import { myCompany, registerCompany } from '@app/contract/resources/job-board/company';
import { featureJob, job } from '@app/contract/resources/job-board/job';
import { myJobSeekerProfile, registerJobSeeker } from '@app/contract/resources/job-board/job-seeker';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { jobs } from '../../src/db/schema/job-board';
import { postFile, samplePdf } from './multipart';
import { call, startTestApp, superAdmin, type TestApp } from './test-app';
import { aUser, aVisitorAddress, password, signIn, unique } from './world';

/** Builders for the job board, made through its own calls as a user would. */

export type Seeker = { token: string; email: string; phone: string; id: string; userId: string };
export type Company = { token: string; email: string; id: string; name: string; slug: string; userId: string };
export type Job = Record<string, any> & { _id: string; slug: string; title: string };

export const uploadCv = (app: FastifyInstance, token: string, content = samplePdf, filename = 'My CV.pdf', field = 'file') =>
  postFile(app, '/api/job-seeker/updateCv', { content, filename, token, field });

/** A registered job seeker (and, with `cv`, their uploaded CV). */
export const aSeeker = async (
  app: FastifyInstance,
  input: { first?: string; last?: string; email?: string; phone?: string; cv?: boolean } = {},
): Promise<Seeker> => {
  const email = input.email ?? `${unique('seeker')}@example.com`;
  const phone = input.phone ?? '+447700900123';
  const { status, body } = await call(
    app,
    registerJobSeeker,
    {
      name: { first: input.first ?? 'Jo', last: input.last ?? unique('Seeker') },
      email,
      phone,
      password,
    },
    undefined,
    { from: aVisitorAddress() },
  );
  if (status !== 200) throw new Error(`job seeker not registered: ${status} ${body.message}`);
  const token = body.data.token as string;
  if (input.cv) {
    const upload = await uploadCv(app, token);
    if (upload.statusCode !== 200) throw new Error(`CV not uploaded: ${upload.statusCode} ${upload.body}`);
  }
  const profile = (await call(app, myJobSeekerProfile, {}, token)).body.data;
  return { token, email, phone, id: profile._id, userId: body.data.user._id };
};

/** A registered recruiter company, signed in. */
export const aCompany = async (app: FastifyInstance, input: { name?: string; email?: string } = {}): Promise<Company> => {
  const email = input.email ?? `${unique('company')}@example.com`;
  const name = input.name ?? unique('Acme Hiring ');
  const { status, body } = await call(
    app,
    registerCompany,
    {
      name,
      email,
      phone: '+441134960000',
      aboutUs: 'We hire good people in Yorkshire.',
      location: { city: 'Leeds', postCode: 'LS1 4AP' },
      password,
    },
    undefined,
    { from: aVisitorAddress() },
  );
  if (status !== 200) throw new Error(`company not registered: ${status} ${body.message}`);
  const token = body.data.token as string;
  const company = (await call(app, myCompany, {}, token)).body.data;
  return { token, email, id: company._id, name, slug: company.slug, userId: body.data.user._id };
};

/** What a valid new job needs, published in Leeds unless told otherwise. */
export const jobInput = (overrides: Record<string, unknown> = {}) => ({
  title: unique('Warehouse Operative '),
  description: 'Picking and packing in our Leeds warehouse.',
  content: '<p>Join our friendly team. <strong>Forklift</strong> experience is a plus.</p>',
  address: { street: '1 Wellington Street', city: 'Leeds', postCode: 'LS1 4AP', country: 'United Kingdom' },
  salaries: [{ min: 25_000, max: 28_000, duration: 'YEAR' }],
  jobTypes: [1],
  workModel: 'ON_SITE',
  experience: '1-2',
  status: 'PUBLISHED',
  ...overrides,
});

export const aJob = async (app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}): Promise<Job> => {
  const { status, body } = await call(app, job.calls.create!, jobInput(overrides), token);
  if (status !== 200) throw new Error(`job not created: ${status} ${body.message} ${JSON.stringify(body.data)}`);
  return body.data as Job;
};

/** A job featured by a platform admin, the only ones who may feature a job. */
export const aFeaturedJob = async (app: FastifyInstance, token: string, adminToken: string, overrides: Record<string, unknown> = {}) => {
  const made = await aJob(app, token, overrides);
  const { status, body } = await call(app, featureJob, { _id: made._id, isFeaturedJob: true }, adminToken);
  if (status !== 200) throw new Error(`job not featured: ${status} ${body.message}`);
  return body.data as Job;
};

/** Sets when a job was first published, for the "posted within N days" filter (no call moves it). */
export const backdateJob = async (app: FastifyInstance, jobId: string, daysAgo: number) => {
  await app.database.db
    .update(jobs)
    .set({ postedOn: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000) })
    .where(eq(jobs.id, jobId));
};

export const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

/**
 * The people job-board tests need: the super admin, a platform ADMIN, a CRM user (a wrong user type
 * for every board call), two job seekers (the first with a CV) and two recruiter companies.
 */
export const aBoardWorld = async (app: FastifyInstance) => {
  const [root, platformAdmin, crmUser, seeker, otherSeeker, company, otherCompany] = await Promise.all([
    signIn(app, superAdmin.email, superAdmin.password),
    aUser(app, { userType: 'ADMIN' }),
    aUser(app, { userType: 'CRM_USER' }),
    aSeeker(app, { first: 'Ada', cv: true }),
    aSeeker(app, { first: 'Bea' }),
    aCompany(app, { name: unique('Northern Logistics ') }),
    aCompany(app, { name: unique('Pennine Foods ') }),
  ]);
  return { root, platformAdmin, crmUser, seeker, otherSeeker, company, otherCompany };
};

export type BoardWorld = Awaited<ReturnType<typeof aBoardWorld>>;

/** A test file's app and board world: built once before its tests, closed after them. */
export const withBoard = (use: (t: TestApp, w: BoardWorld) => void, options: { webDist?: string } = {}) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(options);
    use(app, await aBoardWorld(app.app));
  });
  afterAll(() => app?.close());
};

/** Every id in a list answer's results. */
export const idsOf = (body: { data: { results: { _id: string }[] } }) => body.data.results.map((r) => r._id);

/** A short CV as the builder first saves it. */
export const cvInput = (overrides: Record<string, unknown> = {}) => ({
  cvTitle: 'Warehouse CV',
  name: { first: 'Ada', last: 'Lovelace' },
  designation: 'Warehouse Supervisor',
  email: 'ada@example.com',
  phone: '+44 7700 900123',
  professionalSummary: '<p>Ten years running <strong>busy</strong> warehouses.</p>',
  skills: [{ label: 'Forklift', rating: 4 }],
  ...overrides,
});
