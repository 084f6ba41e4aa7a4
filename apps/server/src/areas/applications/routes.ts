import { fullNameOf } from '@app/contract/conventions/common';
import {
  appliedJobIds,
  applyForJob,
  jobApplicants,
  myApplications,
  notWithdrawableMessage,
  toggleWishlist,
  wishlistJobs,
  withdrawApplication,
  withdrawableStatuses,
} from '@app/contract/resources/job-board/application';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { jobApplications, jobSeekers, jobs, recruiterCompanies, wishlistItems } from '../../db/schema/job-board';
import { type Caller, unscoped } from '../../engine/context';
import { writeEntityLog } from '../../engine/entity-log';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../engine/errors';
import { newId } from '../../engine/ids';
import { searchCondition } from '../../engine/list-query';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { moveRecords, type Transition } from '../../engine/transitions';
import { callersOwn, recruitersOwn } from '../../engine/unscoped-reasons';
import type { Services } from '../../services/services';
import { ownCompany } from '../companies/repository';
import { coverLetterFile as coverLetterFileOf, ownCoverLetter } from '../cv-builder/cover-letters';
import { cvPdf, defaultCvOf, ownCv } from '../cv-builder/cvs';
import { crmTwinOf } from '../hiring/board-bridge';
import { boardCompanyMailTo, bridgeApplication, copyCvForAgency, withdrawTwin } from '../hiring/board-bridge-apply';
import { ownJobSeeker } from '../job-seekers/repository';
import { companyIsLive, isOpen, type JobRow } from '../jobs/repository';
import { applicationRepository } from './repository';

const statusWords: Record<string, string> = {
  VIEWED: 'has been viewed by the employer',
  SHORTLISTED: 'has been shortlisted',
  REJECTED: 'was not successful this time',
  HIRED: 'was successful: congratulations!',
};

const jobSummary = {
  _id: jobs.id,
  title: jobs.title,
  slug: jobs.slug,
  companyName: jobs.companyName,
  status: jobs.status,
  address: jobs.address,
  workModel: jobs.workModel,
  salaries: jobs.salaries,
  applicationEndDate: jobs.applicationEndDate,
};

type SeekerRow = Awaited<ReturnType<typeof ownJobSeeker>>;

/**
 * The CV an application carries: the built CV named, else the uploaded file when asked for, else
 * the default built CV, else the uploaded file. A built CV goes as the PDF drawn at that moment, so
 * later edits do not change what the employer received.
 */
const applicationCv = async (
  db: Executor,
  services: Services,
  caller: Caller,
  seeker: SeekerRow,
  input: { cvId?: string; useUploadedCv?: boolean },
) => {
  const built = input.cvId ? await ownCv(db, caller, input.cvId) : input.useUploadedCv ? undefined : await defaultCvOf(db, caller.id);
  if (built) return { type: 'BUILT', cvId: built.id, file: await cvPdf(db, services, built) };
  if (seeker.cvDetail) return { type: 'UPLOAD', file: seeker.cvDetail };
  const message = 'Please upload or build your CV before you apply';
  throw badRequest(message, [{ field: 'cvId', message }]);
};

/** The seeker of each moved application hears of its new status from the company. */
const mailStatusChanges = async (db: Executor, services: Services, moves: Transition[]) => {
  for (const { record, to } of moves) {
    const [details] = await db
      .select({ email: jobSeekers.email, name: jobSeekers.name, title: jobs.title, company: recruiterCompanies.name })
      .from(jobSeekers)
      .innerJoin(jobs, eq(jobs.id, record.jobId as string))
      .innerJoin(recruiterCompanies, eq(recruiterCompanies.id, jobs.recruiterId))
      .where(eq(jobSeekers.id, record.jobSeekerId as string));
    if (!details) continue;
    await services.mail.send(db, {
      to: details.email,
      subject: `Your application for ${details.title}`,
      text: `Hello ${details.name?.first ?? ''},\n\nYour application for ${details.title} at ${details.company} ${statusWords[to] ?? `is now ${to}`}.\n\nSee all your applications at ${services.config.appUrl}/seeker/applications`,
    });
  }
};

const allRows = { page: 1, limit: 'ALL', search: '', filter: {} } as const;

/** A company sees the applications to its own jobs, whoever owns them. */
const ofCompany = (companyId: string) => [eq(jobApplications.recruiterId, companyId)];
/** The seeker owns an application; the company reads it through its recruiterId (`ofCompany`) instead. */
const byCompany = unscoped('a company reads applications by their recruiterId (ofCompany), not by their owner');

/** A seeker's search runs over the jobs applied to. */
const jobsMatching = (db: Executor, search: string) => {
  const condition = searchCondition(jobs, ['title', 'companyName'], search);
  return condition ? [inArray(jobApplications.jobId, db.select({ id: jobs.id }).from(jobs).where(condition))] : [];
};

const jobsById = async (db: Executor, ids: string[]) => {
  if (ids.length === 0) return new Map<string, Record<string, unknown>>();
  const rows = await db.select(jobSummary).from(jobs).where(inArray(jobs.id, ids));
  return new Map<string, Record<string, unknown>>(rows.map((row) => [row._id, row]));
};

export const registerApplications = (app: FastifyInstance) => {
  // No generic calls (every call below is a workflow); its status change is the engine's move call.
  registerResource(app, applicationRepository, {
    transitions: {
      // A company moves the applicants of its own jobs, which it reaches by `recruiterId`: another
      // company's application is not found.
      unscoped: recruitersOwn,
      where: async ({ db, caller }) => ofCompany((await ownCompany(db, caller as Caller)).id),
      afterTransition: ({ db, services, moves }) => mailStatusChanges(db, services, moves),
      message: 'Status updated successfully',
    },
  });
  // The CV is drawn before the transaction opens, so a slow drawing holds no database connection.
  registerCall(
    app,
    { ...applyForJob, unscoped: callersOwn, transaction: false },
    async ({ db, caller, input, services, transaction, afterCommit, req }) => {
      const seeker = await ownJobSeeker(db, caller as Caller);
      const [job] = (await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, input.jobId), eq(jobs.isDeleted, false)))) as JobRow[];
      if (job?.status !== 'PUBLISHED' || !(await companyIsLive(db, job.recruiterId))) throw notFound('Job');
      if (!isOpen(job)) throw badRequest('This job is no longer taking applications');
      const cv = await applicationCv(db, services, caller as Caller, seeker, input);
      const letter = input.coverLetterId ? await ownCoverLetter(db, caller as Caller, input.coverLetterId) : undefined;
      const coverLetterFile = letter ? await coverLetterFileOf(db, services, letter, 'pdf') : null;
      // A board copy of a CRM job feeds the agency's pipeline (hiring/board-bridge-apply.ts), with its own copy of the CV.
      const twin = await crmTwinOf(db, job.id);
      const agencyCv = twin ? await copyCvForAgency(services, cv.file) : null;
      return transaction(async (db) => {
        const now = new Date();
        const created = await applicationRepository
          .create(db, {
            caller: caller as Caller,
            services,
            afterCommit,
            req,
            scope: { ownerId: (caller as Caller).id },
            values: {
              jobId: job.id,
              jobSeekerId: seeker.id,
              recruiterId: job.recruiterId,
              ownerId: seeker.ownerId,
              status: 'APPLIED',
              cv,
              coverLetter: input.coverLetter ?? null,
              coverLetterFile,
              statusHistory: [{ status: 'APPLIED', at: now.toISOString() }],
            },
          })
          .catch((error) => {
            // The unique index makes a second application fail even when two arrive at once.
            throw isUniqueViolation(error) ? conflict('You have already applied for this job') : error;
          });
        // Counted in the database, not read-modify-write, so concurrent applies stay exact. These are
        // tallies of the logged applications, not edits of the job or the seeker, so they are not logged.
        await db
          .update(jobs)
          .set({ applicantCount: sql`${jobs.applicantCount} + 1` })
          .where(eq(jobs.id, job.id));
        await db
          .update(jobSeekers)
          .set({ appliedJobCount: sql`${jobSeekers.appliedJobCount} + 1` })
          .where(eq(jobSeekers.id, seeker.id));
        const writer = { caller: caller as Caller, services, afterCommit, req };
        if (twin) await bridgeApplication(db, writer, { job: twin as never, seeker, boardApplicationId: created._id, cv: agencyCv });
        const [company] = await db
          .select({ email: recruiterCompanies.email, userId: recruiterCompanies.userId })
          .from(recruiterCompanies)
          .where(eq(recruiterCompanies.id, job.recruiterId));
        // An agency's board company has no account: its staff hear of the applicant, on the CRM job.
        const to = company?.userId ? company.email : twin ? await boardCompanyMailTo(db, twin as never) : null;
        if (to) {
          const where = twin
            ? `${services.config.appUrl}/crm/jobs/${twin.id}`
            : `${services.config.appUrl}/company/jobs/${job.id}/applicants`;
          await services.mail.send(db, {
            to,
            subject: `New applicant for ${job.title}`,
            text: `${fullNameOf(seeker.name)} has applied for ${job.title}.\n\nSee the applicants at ${where}`,
          });
        }
        return new Answer(
          { _id: created._id, jobId: job.id, status: 'APPLIED', appliedAt: now.toISOString() },
          'Your application has been sent',
        );
      });
    },
  );

  // The seeker's own application, while still open; the move is the engine's (locked, in the history, logged).
  registerCall(app, { ...withdrawApplication, unscoped: callersOwn }, async (ctx) => {
    const { db, input } = ctx;
    const caller = ctx.caller as Caller;
    await ownJobSeeker(db, caller);
    const scope = { ownerId: caller.id };
    const row = await applicationRepository.get(db, scope, input._id);
    if (!(withdrawableStatuses as readonly string[]).includes(row.status as string)) throw badRequest(notWithdrawableMessage);
    await moveRecords({ ...ctx, scope, repository: applicationRepository }, { ids: [row.id], stage: 'WITHDRAWN' });
    await withdrawTwin(db, ctx, { boardApplicationId: row.id });
    const after = await applicationRepository.get(db, scope, row.id);
    return new Answer({ _id: after.id, status: after.status, statusHistory: after.statusHistory }, 'Your application has been withdrawn');
  });

  registerCall(app, { ...appliedJobIds, unscoped: callersOwn }, async ({ db, caller }) => {
    await ownJobSeeker(db, caller as Caller);
    const page = await applicationRepository.list(db, { ownerId: (caller as Caller).id }, allRows);
    return page.results.map((row) => ({ _id: row._id, jobId: row.jobId, status: row.status, appliedAt: row.createdAt }));
  });

  registerCall(app, { ...myApplications, unscoped: callersOwn }, async ({ db, caller, input }) => {
    await ownJobSeeker(db, caller as Caller);
    const page = await applicationRepository.list(db, { ownerId: (caller as Caller).id }, { ...input, search: '' }, [
      ...jobsMatching(db, input.search),
    ]);
    const jobById = await jobsById(
      db,
      page.results.map((row) => row.jobId as string),
    );
    return {
      ...page,
      results: page.results.map((row) => ({
        _id: row._id,
        status: row.status,
        statusHistory: row.statusHistory,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        job: jobById.get(row.jobId as string) ?? null,
      })),
    };
  });

  registerCall(app, { ...jobApplicants, unscoped: recruitersOwn }, async ({ db, caller, input, services }) => {
    const company = await ownCompany(db, caller as Caller);
    const [job] = await db
      .select(jobSummary)
      .from(jobs)
      .where(and(eq(jobs.id, input.jobId), eq(jobs.recruiterId, company.id), eq(jobs.isDeleted, false)));
    if (!job) throw notFound('Job');
    const { jobId: _jobId, ...request } = input;
    const search = searchCondition(jobSeekers, ['name.fullName', 'email'], input.search);
    const page = await applicationRepository.list(db, byCompany, { ...request, search: '' }, [
      ...ofCompany(company.id),
      eq(jobApplications.jobId, job._id),
      ...(search ? [inArray(jobApplications.jobSeekerId, db.select({ id: jobSeekers.id }).from(jobSeekers).where(search))] : []),
    ]);
    const seekers = page.results.length
      ? await db
          .select({
            _id: jobSeekers.id,
            name: jobSeekers.name,
            email: jobSeekers.email,
            phone: jobSeekers.phone,
            address: jobSeekers.address,
            about: jobSeekers.about,
            linkedInLink: jobSeekers.linkedInLink,
            skills: jobSeekers.skills,
            preferences: jobSeekers.preferences,
          })
          .from(jobSeekers)
          .where(
            inArray(
              jobSeekers.id,
              page.results.map((row) => row.jobSeekerId as string),
            ),
          )
      : [];
    const seekerById = new Map(seekers.map((seeker) => [seeker._id, seeker]));
    return {
      ...page,
      job,
      results: page.results.map((row) => {
        const cv = row.cv as { file?: { blobName?: string } } | null;
        return {
          _id: row._id,
          status: row.status,
          statusHistory: row.statusHistory,
          cv: row.cv,
          coverLetter: row.coverLetter,
          coverLetterFile: row.coverLetterFile,
          createdAt: row.createdAt,
          jobSeeker: seekerById.get(row.jobSeekerId as string) ?? null,
          cvUrl: cv?.file?.blobName ? services.files.signedUrl(cv.file.blobName) : null,
        };
      }),
    };
  });

  registerCall(app, { ...toggleWishlist, unscoped: callersOwn }, async ({ db, caller, input }) => {
    const seeker = await ownJobSeeker(db, caller as Caller);
    const removed = await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.jobSeekerId, seeker.id), eq(wishlistItems.jobId, input.jobId)))
      .returning({ id: wishlistItems.id });
    const log = (action: 'CREATE' | 'DELETE', id: string) =>
      writeEntityLog(db, {
        caller: caller as Caller,
        organisationId: null,
        entityType: 'WishlistItem',
        action,
        record: { _id: id },
        ...(action === 'CREATE' ? { to: { jobId: input.jobId } } : { from: { jobId: input.jobId } }),
      });
    if (removed[0]) await log('DELETE', removed[0].id);
    if (removed.length > 0) return new Answer({ jobId: input.jobId, wishlisted: false }, 'Removed from your wishlist');
    const [job] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, input.jobId), eq(jobs.status, 'PUBLISHED'), eq(jobs.isDeleted, false)));
    if (!job) throw notFound('Job');
    const [saved] = await db
      .insert(wishlistItems)
      .values({ id: newId(), jobSeekerId: seeker.id, jobId: input.jobId })
      .onConflictDoNothing()
      .returning({ id: wishlistItems.id });
    if (saved) await log('CREATE', saved.id);
    return new Answer({ jobId: input.jobId, wishlisted: true }, 'Saved to your wishlist');
  });

  registerCall(app, { ...wishlistJobs, unscoped: callersOwn }, async ({ db, caller }) => {
    const seeker = await ownJobSeeker(db, caller as Caller);
    return db
      .select({ ...jobSummary, savedAt: wishlistItems.createdAt, isDeleted: jobs.isDeleted })
      .from(wishlistItems)
      .innerJoin(jobs, eq(jobs.id, wishlistItems.jobId))
      .where(and(eq(wishlistItems.jobSeekerId, seeker.id), eq(jobs.isDeleted, false)))
      .orderBy(desc(wishlistItems.createdAt));
  });
};
