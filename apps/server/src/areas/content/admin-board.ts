import type { PersonName } from '@app/contract/conventions/common';
import {
  adminAddJobSeeker,
  adminAddRecruiter,
  adminDeleteJobSeeker,
  adminFindRecruiter,
  adminGetJobSeeker,
  adminListJobSeekers,
  adminListRecruiters,
  adminUpdateJobSeeker,
  adminUpdateRecruiter,
  adminVerifyRecruiter,
  jobSeekerReference,
  listJobSeekerReferences,
} from '@app/contract/resources/content/admin-board';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { jobSeekerReferences } from '../../db/schema/content';
import { jobSeekers, recruiterCompanies } from '../../db/schema/job-board';
import { users } from '../../db/schema/users';
import { unscoped } from '../../engine/context';
import { newId } from '../../engine/ids';
import { byId, loggedUpdate } from '../../engine/logged-update';
import { registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import { acrossOrganisations } from '../../engine/unscoped-reasons';
import { createAccount } from '../auth/users';
import { companyRepository, freeSlug } from '../companies/repository';
import { jobSeekerRepository } from '../job-seekers/repository';

const withIds = (input: Record<string, unknown>) =>
  Array.isArray(input.socialMedia)
    ? { ...input, socialMedia: input.socialMedia.map((s: { _id?: string }) => ({ ...s, _id: s._id ?? newId() })) }
    : input;

/** The fields an update names, so that defaults never overwrite what is saved. */
const sent = (body: unknown, input: Record<string, unknown>) => {
  const keys = new Set(Object.keys((body as Record<string, unknown> | null) ?? {}));
  return Object.fromEntries(Object.entries(input).filter(([key]) => keys.has(key) && key !== '_id'));
};

/** The admin board's calls are for platform admins, who work on every company and job seeker. */
const platformAdmin = unscoped('platform admins manage every company and job seeker');

/** Platform admins manage recruiter companies: /admin/recruiter/*. */
export const registerAdminRecruiters = (app: FastifyInstance) => {
  registerCall(app, { ...adminAddRecruiter, unscoped: acrossOrganisations, message: 'Created successfully' }, async (ctx) => {
    const { db, input } = ctx;
    const user = await createAccount(db, {
      userType: 'RECRUITER',
      email: input.email,
      passwordHash: null,
      name: { first: input.name },
      phone: input.phone,
    });
    return companyRepository.create(db, {
      ...ctx,
      scope: { ownerId: user.id },
      values: {
        ...withIds(input),
        industries: input.industries ?? [],
        socialMedia: (withIds(input).socialMedia as unknown[] | undefined) ?? [],
        userId: user.id,
        slug: await freeSlug(db, recruiterCompanies, input.name),
        isVerified: false,
      },
    });
  });

  // A company's name, logo and status show in job search results: the cached searches go.
  registerCall(app, { ...adminUpdateRecruiter, unscoped: acrossOrganisations, message: 'Updated successfully' }, (ctx) => {
    const { db, input, req, afterCommit, services } = ctx;
    afterCommit(() => services.jobSearchCache.clear());
    return companyRepository.update(db, { ...ctx, scope: platformAdmin, id: input._id, values: withIds(sent(req.body, input)) });
  });

  registerCall(
    app,
    { ...adminListRecruiters, unscoped: acrossOrganisations, transaction: false, message: 'Fetched successfully' },
    ({ db, input }) => companyRepository.list(db, platformAdmin, input),
  );

  registerCall(
    app,
    { ...adminFindRecruiter, unscoped: acrossOrganisations, transaction: false, message: 'Fetched successfully' },
    async ({ db, input }) => companyRepository.toRecord(await companyRepository.get(db, platformAdmin, input._id)),
  );

  registerCall(app, { ...adminVerifyRecruiter, unscoped: acrossOrganisations, message: 'Updated successfully' }, (ctx) =>
    companyRepository.update(ctx.db, { ...ctx, scope: platformAdmin, id: ctx.input._id, values: { isVerified: ctx.input.isVerified } }),
  );
};

export const referenceRepository = resourceRepository(jobSeekerReference, jobSeekerReferences);

/** Platform admins manage job seekers and their references: /admin/job-seeker/*. */
export const registerAdminJobSeekers = (app: FastifyInstance) => {
  registerCall(app, { ...adminAddJobSeeker, unscoped: acrossOrganisations, message: 'Created successfully' }, async (ctx) => {
    const { db, input } = ctx;
    const user = await createAccount(db, {
      userType: 'JOB_SEEKER',
      email: input.email,
      passwordHash: null,
      name: input.name,
      phone: input.phone,
    });
    return jobSeekerRepository.create(db, {
      ...ctx,
      scope: { ownerId: user.id },
      values: { ...input, email: user.email, userId: user.id },
    });
  });

  registerCall(app, { ...adminUpdateJobSeeker, unscoped: acrossOrganisations, message: 'Updated successfully' }, async (ctx) => {
    const { db, caller, input, req, afterCommit, services } = ctx;
    const values = sent(req.body, input);
    const record = await jobSeekerRepository.update(db, { ...ctx, scope: platformAdmin, id: input._id, values });
    if (values.name) {
      await loggedUpdate(db, {
        caller,
        table: users,
        entityType: 'User',
        where: byId(users, String(record.userId)),
        values: { name: values.name as PersonName },
      });
      afterCommit(() => services.sessions.forgetUser(String(record.userId)));
    }
    return record;
  });

  registerCall(
    app,
    { ...adminListJobSeekers, unscoped: acrossOrganisations, transaction: false, message: 'Fetched successfully' },
    ({ db, input }) => jobSeekerRepository.list(db, platformAdmin, input),
  );

  registerCall(
    app,
    { ...adminGetJobSeeker, unscoped: acrossOrganisations, transaction: false, message: 'Fetched successfully' },
    async ({ db, input }) => jobSeekerRepository.toRecord(await jobSeekerRepository.get(db, platformAdmin, input._id)),
  );

  registerCall(app, { ...adminDeleteJobSeeker, unscoped: acrossOrganisations, message: 'Deleted successfully' }, async (ctx) => {
    const { db, caller, input, afterCommit, services } = ctx;
    const seeker = await jobSeekerRepository.get(db, platformAdmin, input._id);
    const result = await jobSeekerRepository.remove(db, { ...ctx, scope: platformAdmin, id: input._id });
    const userId = String(seeker.userId);
    await loggedUpdate(db, {
      caller,
      table: users,
      entityType: 'User',
      where: byId(users, userId),
      values: { isDeleted: true, deletedAt: new Date() },
      action: 'DELETE',
    });
    afterCommit(() => services.sessions.forgetUser(userId));
    return result;
  });

  const countReferences = async (db: Executor, jobSeekerId: string) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(jobSeekerReferences)
      .where(and(eq(jobSeekerReferences.jobSeekerId, jobSeekerId), eq(jobSeekerReferences.isDeleted, false)));
    // A tally of the references (each logged by their repository), not an edit of the seeker.
    await db
      .update(jobSeekers)
      .set({ referencesCount: row?.n ?? 0 })
      .where(eq(jobSeekers.id, jobSeekerId));
  };
  registerResource(app, referenceRepository, {
    hooks: {
      beforeCreate: async ({ db, values }) => {
        await jobSeekerRepository.get(db, platformAdmin, values.jobSeekerId);
        return { ...values, status: 'PENDING' };
      },
      afterWrite: async ({ db, operation, record }) => {
        if (operation === 'create') await countReferences(db, record.jobSeekerId as string);
      },
    },
  });
  registerCall(
    app,
    { ...listJobSeekerReferences, unscoped: acrossOrganisations, transaction: false, message: 'Fetched successfully' },
    ({ db, input }) => {
      const { jobSeekerId, ...request } = input;
      return referenceRepository.list(db, platformAdmin, request, jobSeekerId ? [eq(jobSeekerReferences.jobSeekerId, jobSeekerId)] : []);
    },
  );
};
