import { fullNameOf } from '@app/contract/conventions/common';
import { filterValue } from '@app/contract/conventions/list';
import {
  applicationStatus,
  appliedJobIds,
  applyForJob,
  jobApplicants,
  myApplications,
  toggleWishlist,
  updateApplicationStatus,
  wishlistJobs,
} from '@app/contract/resources/job-board/application';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { jobApplications, jobSeekers, jobs, recruiterCompanies, wishlistItems } from '../../db/schema/job-board';
import type { Caller } from '../../engine/context';
import { badRequest, conflict, notFound } from '../../engine/errors';
import { newId } from '../../engine/ids';
import { filterConditions, listRows, searchCondition } from '../../engine/list-query';
import { Answer, registerCall } from '../../engine/register-call';
import type { Services } from '../../services/services';
import { ownCompany } from '../companies/repository';
import { coverLetterFile as coverLetterFileOf, ownCoverLetter } from '../cv-builder/cover-letters';
import { cvPdf, defaultCvOf, ownCv } from '../cv-builder/cvs';
import { ownJobSeeker } from '../job-seekers/repository';
import { companyIsLive, isOpen, type JobRow } from '../jobs/repository';

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

export const registerApplications = (app: FastifyInstance) => {
  // The CV is drawn before the transaction opens, so a slow drawing holds no database connection.
  registerCall(app, { ...applyForJob, transaction: false }, async ({ db, caller, input, services, transaction }) => {
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
    return transaction(async (db) => {
      const now = new Date();
      // The unique index makes a second application fail even when two arrive at once.
      const inserted = await db
        .insert(jobApplications)
        .values({
          id: newId(),
          jobId: job.id,
          jobSeekerId: seeker.id,
          recruiterId: job.recruiterId,
          ownerId: seeker.ownerId,
          status: 'APPLIED',
          cv,
          coverLetter: input.coverLetter ?? null,
          coverLetterFile,
          statusHistory: [{ status: 'APPLIED', at: now.toISOString() }],
          createdBy: { _id: (caller as Caller).id, name: (caller as Caller).name },
        })
        .onConflictDoNothing()
        .returning({ id: jobApplications.id });
      if (inserted.length === 0) throw conflict('You have already applied for this job');
      // Counted in the database, not read-modify-write, so concurrent applies stay exact.
      await db
        .update(jobs)
        .set({ applicantCount: sql`${jobs.applicantCount} + 1` })
        .where(eq(jobs.id, job.id));
      await db
        .update(jobSeekers)
        .set({ appliedJobCount: sql`${jobSeekers.appliedJobCount} + 1` })
        .where(eq(jobSeekers.id, seeker.id));
      const [company] = await db
        .select({ email: recruiterCompanies.email, name: recruiterCompanies.name })
        .from(recruiterCompanies)
        .where(eq(recruiterCompanies.id, job.recruiterId));
      if (company) {
        await services.mail.send(db, {
          to: company.email,
          subject: `New applicant for ${job.title}`,
          text: `${fullNameOf(seeker.name)} has applied for ${job.title}.\n\nSee the applicants at ${services.config.appUrl}/company/jobs/${job.id}/applicants`,
        });
      }
      return new Answer(
        { _id: inserted[0]?.id, jobId: job.id, status: 'APPLIED', appliedAt: now.toISOString() },
        'Your application has been sent',
      );
    });
  });

  registerCall(app, appliedJobIds, async ({ db, caller }) => {
    const seeker = await ownJobSeeker(db, caller as Caller);
    return db
      .select({
        _id: jobApplications.id,
        jobId: jobApplications.jobId,
        status: jobApplications.status,
        appliedAt: jobApplications.createdAt,
      })
      .from(jobApplications)
      .where(and(eq(jobApplications.jobSeekerId, seeker.id), eq(jobApplications.isDeleted, false)))
      .orderBy(desc(jobApplications.createdAt));
  });

  registerCall(app, myApplications, async ({ db, caller, input }) => {
    const seeker = await ownJobSeeker(db, caller as Caller);
    return listRows(db, {
      table: jobApplications,
      selection: {
        _id: jobApplications.id,
        status: jobApplications.status,
        statusHistory: jobApplications.statusHistory,
        createdAt: jobApplications.createdAt,
        updatedAt: jobApplications.updatedAt,
        job: sql`json_build_object('_id', ${jobs.id}, 'title', ${jobs.title}, 'slug', ${jobs.slug}, 'companyName', ${jobs.companyName}, 'status', ${jobs.status}, 'address', ${jobs.address})`,
      } as never,
      join: { table: jobs, on: eq(jobs.id, jobApplications.jobId) },
      request: input,
      where: [
        eq(jobApplications.jobSeekerId, seeker.id),
        eq(jobApplications.isDeleted, false),
        searchCondition(jobs, ['title', 'companyName'], input.search),
        ...filterConditions(jobApplications, { status: filterValue(applicationStatus) }, input.filter),
      ],
      orderBy: [desc(jobApplications.createdAt)],
    });
  });

  registerCall(app, jobApplicants, async ({ db, caller, input, services }) => {
    const company = await ownCompany(db, caller as Caller);
    const [job] = await db
      .select(jobSummary)
      .from(jobs)
      .where(and(eq(jobs.id, input.jobId), eq(jobs.recruiterId, company.id), eq(jobs.isDeleted, false)));
    if (!job) throw notFound('Job');
    const page = await listRows<Record<string, any>>(db, {
      table: jobApplications,
      selection: {
        _id: jobApplications.id,
        status: jobApplications.status,
        statusHistory: jobApplications.statusHistory,
        cv: jobApplications.cv,
        coverLetter: jobApplications.coverLetter,
        coverLetterFile: jobApplications.coverLetterFile,
        createdAt: jobApplications.createdAt,
        jobSeeker: sql`json_build_object('_id', ${jobSeekers.id}, 'name', ${jobSeekers.name}, 'email', ${jobSeekers.email}, 'phone', ${jobSeekers.phone}, 'address', ${jobSeekers.address}, 'about', ${jobSeekers.about}, 'linkedInLink', ${jobSeekers.linkedInLink}, 'skills', ${jobSeekers.skills}, 'preferences', ${jobSeekers.preferences})`,
      } as never,
      join: { table: jobSeekers, on: eq(jobSeekers.id, jobApplications.jobSeekerId) },
      request: input,
      where: [
        eq(jobApplications.jobId, job._id),
        eq(jobApplications.isDeleted, false),
        searchCondition(jobSeekers, ['name.fullName', 'email'], input.search),
        ...filterConditions(jobApplications, { status: filterValue(applicationStatus) }, input.filter),
      ],
      orderBy: [desc(jobApplications.createdAt)],
    });
    return {
      ...page,
      job,
      results: page.results.map((row) => ({
        ...row,
        cvUrl: row.cv?.file?.blobName ? services.files.signedUrl(row.cv.file.blobName) : null,
      })),
    };
  });

  registerCall(app, updateApplicationStatus, async ({ db, caller, input, services }) => {
    const company = await ownCompany(db, caller as Caller);
    // Locked until the commit: two changes at once (a double click, two tabs) each add their entry.
    const [application] = await db
      .select()
      .from(jobApplications)
      .where(and(eq(jobApplications.id, input._id), eq(jobApplications.recruiterId, company.id), eq(jobApplications.isDeleted, false)))
      .for('update');
    if (!application) throw notFound('Job application');
    if (application.status === input.status)
      return { _id: application.id, status: application.status, statusHistory: application.statusHistory };
    const statusHistory = [
      ...application.statusHistory,
      { status: input.status, at: new Date().toISOString(), by: (caller as Caller).name },
    ];
    await db
      .update(jobApplications)
      .set({ status: input.status, statusHistory, updatedAt: new Date() })
      .where(eq(jobApplications.id, application.id));
    const [details] = await db
      .select({ email: jobSeekers.email, name: jobSeekers.name, title: jobs.title })
      .from(jobSeekers)
      .innerJoin(jobs, eq(jobs.id, application.jobId))
      .where(eq(jobSeekers.id, application.jobSeekerId));
    if (details) {
      await services.mail.send(db, {
        to: details.email,
        subject: `Your application for ${details.title}`,
        text: `Hello ${details.name?.first ?? ''},\n\nYour application for ${details.title} at ${company.name} ${statusWords[input.status] ?? `is now ${input.status}`}.\n\nSee all your applications at ${services.config.appUrl}/seeker/applications`,
      });
    }
    return new Answer({ _id: application.id, status: input.status, statusHistory }, 'Status updated successfully');
  });

  registerCall(app, toggleWishlist, async ({ db, caller, input }) => {
    const seeker = await ownJobSeeker(db, caller as Caller);
    const removed = await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.jobSeekerId, seeker.id), eq(wishlistItems.jobId, input.jobId)))
      .returning({ id: wishlistItems.id });
    if (removed.length > 0) return new Answer({ jobId: input.jobId, wishlisted: false }, 'Removed from your wishlist');
    const [job] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, input.jobId), eq(jobs.status, 'PUBLISHED'), eq(jobs.isDeleted, false)));
    if (!job) throw notFound('Job');
    await db.insert(wishlistItems).values({ id: newId(), jobSeekerId: seeker.id, jobId: input.jobId }).onConflictDoNothing();
    return new Answer({ jobId: input.jobId, wishlisted: true }, 'Saved to your wishlist');
  });

  registerCall(app, wishlistJobs, async ({ db, caller }) => {
    const seeker = await ownJobSeeker(db, caller as Caller);
    return db
      .select({ ...jobSummary, savedAt: wishlistItems.createdAt, isDeleted: jobs.isDeleted })
      .from(wishlistItems)
      .innerJoin(jobs, eq(jobs.id, wishlistItems.jobId))
      .where(and(eq(wishlistItems.jobSeekerId, seeker.id), eq(jobs.isDeleted, false)))
      .orderBy(desc(wishlistItems.createdAt));
  });
};
