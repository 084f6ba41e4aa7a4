import { type crmJob, publishCrmJobToBoard, unpublishCrmJobFromBoard } from '@app/contract/resources/hiring/crm-job';
import { job as boardJob } from '@app/contract/resources/job-board/job';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { crmJobs } from '../../db/schema/hiring';
import { jobs, recruiterCompanies } from '../../db/schema/job-board';
import { organisations } from '../../db/schema/organisations';
import { type CallContext, unscoped } from '../../engine/context';
import { badRequest, notFound } from '../../engine/errors';
import { loggedUpdate } from '../../engine/logged-update';
import type { ResourceRecord } from '../../engine/records';
import { Answer, registerCall } from '../../engine/register-call';
import type { Writer } from '../../engine/resource-hooks';
import { type CompanyRow, companyRepository, freeSlug } from '../companies/repository';
import { type JobRow, jobRepository } from '../jobs/repository';
import { crmJobRepository, onCrmJobWrite } from './crm-jobs';

/** The bridge writes the agency's own board rows for its staff, who have no recruiter account. */
const bridged = unscoped('an organisation’s board company and its CRM jobs’ board copies, written for its staff by the bridge');

type CrmJobRecord = ResourceRecord<typeof crmJob> & Record<string, unknown>;

/**
 * An organisation's presence on the public board (issue 29 point 5): a recruiter company tied to it
 * by `organisationId`, live and verified as an agency, with no account of its own (its staff run it
 * from the CRM, so mail meant for it goes to them). Made on first publish from the organisation's
 * name and logo; each publish brings both up to date. One per organisation, under a lock.
 */
export const boardCompanyOf = async (db: Executor, writer: Writer, organisationId: string): Promise<CompanyRow> => {
  const [organisation] = await db
    .select({ name: organisations.name, email: organisations.email, phone: organisations.phoneNumber, logo: organisations.logoImg })
    .from(organisations)
    .where(and(eq(organisations.id, organisationId), eq(organisations.isDeleted, false)));
  if (!organisation) throw notFound('Organisation');
  const existing = () => companyRepository.first(db, bridged, [eq(recruiterCompanies.organisationId, organisationId)]);
  let company = (await existing()) as CompanyRow | undefined;
  if (!company) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`board-company:${organisationId}`}))`);
    company = (await existing()) as CompanyRow | undefined;
  }
  if (!company) {
    // A company's email is unique on the board; an agency that once registered there itself keeps
    // that account, and its board company takes an address nobody mails (mail goes to staff).
    const [taken] = await db
      .select({ id: recruiterCompanies.id })
      .from(recruiterCompanies)
      .where(and(eq(recruiterCompanies.email, organisation.email), eq(recruiterCompanies.isDeleted, false)));
    const created = await companyRepository.create(db, {
      ...writer,
      scope: bridged,
      values: {
        organisationId,
        userId: null,
        name: organisation.name,
        email: taken ? `board-company-${organisationId}@invalid.invalid` : organisation.email,
        phone: organisation.phone,
        slug: await freeSlug(db, recruiterCompanies, organisation.name),
        recruiterType: 'RECRUITMENT_AGENCY',
        status: 'ACTIVE',
        isVerified: true,
        aboutUs: null,
        location: null,
        industries: [],
        socialMedia: [],
      },
    });
    company = (await companyRepository.get(db, bridged, created._id)) as CompanyRow;
  }
  return refreshCompany(db, writer, company, { name: organisation.name, logo: organisation.logo ?? null });
};

/**
 * The organisation's name and logo onto its board company and the name onto its jobs (search reads
 * it there). The logo is the organisation's stored file, shown as it is: a logged copy of the
 * reference, not a new upload for the company to claim.
 */
const refreshCompany = async (db: Executor, writer: Writer, company: CompanyRow, from: { name: string; logo: unknown }) => {
  const changes: Record<string, unknown> = {};
  if (company.name !== from.name) changes.name = from.name;
  if (JSON.stringify(company.profileImg ?? null) !== JSON.stringify(from.logo)) changes.profileImg = from.logo;
  if (Object.keys(changes).length === 0) return company;
  await loggedUpdate(db, {
    caller: writer.caller,
    table: recruiterCompanies,
    entityType: companyRepository.def.name,
    where: eq(recruiterCompanies.id, company.id),
    values: changes,
  });
  if (changes.name) {
    await loggedUpdate(db, {
      caller: writer.caller,
      table: jobs,
      entityType: boardJob.name,
      where: and(eq(jobs.recruiterId, company.id), ne(jobs.companyName, from.name)) as never,
      values: { companyName: from.name },
    });
  }
  writer.afterCommit(() => writer.services.jobSearchCache.clear());
  return { ...company, ...changes } as CompanyRow;
};

/** What the board copy holds of a CRM job: the board has one experience level, so the first. */
const boardValuesOf = (job: CrmJobRecord) => ({
  title: job.title,
  description: job.description ?? null,
  content: job.content,
  address: job.address ?? null,
  salaries: job.salaries ?? [],
  jobTypes: job.jobTypes ?? [],
  industries: job.industries ?? [],
  workModel: job.workModel ?? null,
  experience: (job.experience as string[] | undefined)?.[0] ?? null,
  paidToRelocate: job.paidToRelocate ?? false,
  skills: job.skills ?? [],
  applicationStartDate: job.applicationStartDate ?? null,
  applicationEndDate: job.applicationEndDate ?? null,
});

const liveBoardJob = async (db: Executor, id: string | null | undefined) =>
  id ? ((await jobRepository.find(db, bridged, id)) as JobRow | undefined) : undefined;

/**
 * The board copy written through the board job's repository, so its hooks (sanitising, yearly
 * salary, labelled skills, coordinates, posted date), the search index's trigger, its cache and the
 * entity log run as for a recruiter's job.
 */
const writeBoardCopy = async (
  db: Executor,
  writer: Writer,
  input: { job: CrmJobRecord; company: CompanyRow; status?: 'PUBLISHED' | 'CLOSED' },
) => {
  const { job, company } = input;
  const values = { ...boardValuesOf(job), ...(input.status ? { status: input.status } : {}) };
  const existing = await liveBoardJob(db, job.boardJobId as string | null);
  if (existing) return jobRepository.update(db, { ...writer, scope: bridged, id: existing.id, values });
  return jobRepository.create(db, {
    ...writer,
    scope: bridged,
    values: {
      ...values,
      status: input.status ?? 'PUBLISHED',
      recruiterId: company.id,
      organisationId: job.organisationId,
      // Its staff owner: the one who may preview it on the board while it is not published.
      ownerId: job.ownerId ?? writer.caller?.id ?? null,
    },
  });
};

/** Closes a board copy that is still up (DRAFT or PUBLISHED). */
const closeBoardCopy = async (db: Executor, writer: Writer, boardJobId: string) => {
  const existing = await liveBoardJob(db, boardJobId);
  if (!existing || existing.status === 'CLOSED' || existing.status === 'ARCHIVED') return;
  await jobRepository.setStatus(db, { ...writer, scope: bridged, id: existing.id, status: 'CLOSED' });
};

/**
 * After every write of a CRM job that has a board copy (A's hooks call it, `onCrmJobWrite`): a job
 * no longer PUBLISHED (closed, archived, back to draft) or deleted closes its copy; an edit of a
 * published job reaches the copy. Only "Publish to job board" puts a closed copy up again, so an
 * edit after "Unpublish" does not.
 */
const followCrmJob: Parameters<typeof onCrmJobWrite>[0] = async (hook) => {
  const { db, operation, record, before } = hook;
  const boardJobId = (record.boardJobId ?? before?.boardJobId) as string | null | undefined;
  if (!boardJobId) return;
  if (operation === 'remove' || record.status !== 'PUBLISHED') {
    await closeBoardCopy(db, hook, boardJobId);
    return;
  }
  const existing = await liveBoardJob(db, boardJobId);
  if (!existing) return;
  await jobRepository.update(db, { ...hook, scope: bridged, id: existing.id, values: boardValuesOf(record as CrmJobRecord) });
};

const boardLinkOf = async (db: Executor, boardJobId: string | null | undefined) => {
  const row = await liveBoardJob(db, boardJobId);
  return row ? { _id: row.id, slug: row.slug, status: row.status as 'PUBLISHED' } : null;
};

const answerOf = async (ctx: CallContext, id: string, message: string) => {
  const record = await crmJobRepository.details(ctx.db, ctx.scope, id);
  return new Answer({ ...record, boardJob: await boardLinkOf(ctx.db, record.boardJobId as string | null) }, message);
};

export const archivedMessage = 'An archived job cannot be published';

export const registerBoardBridge = (app: FastifyInstance) => {
  onCrmJobWrite(followCrmJob);

  registerCall(app, publishCrmJobToBoard, async (ctx) => {
    const { db, scope, input } = ctx;
    // Two publishes of one job at once must not make two board copies.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`board-copy:${input._id}`}))`);
    let job = (await crmJobRepository.get(db, scope, input._id)) as unknown as CrmJobRecord & { id: string };
    if (job.status === 'ARCHIVED') throw badRequest(archivedMessage);
    if (job.status !== 'PUBLISHED') {
      // First, so the copy follows a published job (a copy already there is opened again below).
      await crmJobRepository.setStatus(db, { ...ctx, id: job.id, status: 'PUBLISHED' });
      job = (await crmJobRepository.get(db, scope, input._id)) as unknown as CrmJobRecord & { id: string };
    }
    const company = await boardCompanyOf(db, ctx, job.organisationId as string);
    const copy = await writeBoardCopy(db, ctx, { job, company, status: 'PUBLISHED' });
    if (job.boardJobId !== copy._id) {
      await crmJobRepository.update(db, { ...ctx, id: job.id, values: { boardJobId: copy._id } });
    }
    return answerOf(ctx, job.id, 'Published on the job board');
  });

  registerCall(app, unpublishCrmJobFromBoard, async (ctx) => {
    const { db, scope, input } = ctx;
    const job = await crmJobRepository.get(db, scope, input._id);
    if (!job.boardJobId) throw badRequest('This job is not on the job board');
    await closeBoardCopy(db, ctx, job.boardJobId as string);
    return answerOf(ctx, job.id, 'Taken off the job board');
  });
};

/** The CRM job whose board copy a board job is, when it is one. */
export const crmTwinOf = async (db: Executor, boardJobId: string) =>
  crmJobRepository.first(db, unscoped('a board job names the CRM job it copies, whichever organisation'), [
    eq(crmJobs.boardJobId, boardJobId),
  ]);
