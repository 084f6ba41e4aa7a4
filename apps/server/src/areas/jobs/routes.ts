import { isPlatformUser } from '@app/contract/access';
import { featureJob, featureJobMessage, findJobs, jobBySlug, searchJobs } from '@app/contract/resources/job-board/job';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { jobs, recruiterCompanies } from '../../db/schema/job-board';
import { type Caller, unscoped } from '../../engine/context';
import { badRequest, forbidden, notFound } from '../../engine/errors';
import { registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { acrossOrganisations, publicAndPublished } from '../../engine/unscoped-reasons';
import type { Gazetteer } from '../../services/gazetteer';
import { sanitizeRichText } from '../../services/sanitize';
import { type CompanyRow, companyRepository, freeSlug, ownCompany } from '../companies/repository';
import { annualSalary, companyIsLive, isOpen, type JobRow, jobRepository, labelledSkills } from './repository';
import { searchOpenJobs } from './search';

/** Where a job is: its postcode or town, through the gazetteer; nothing when neither resolves. */
const coordinatesOf = (gazetteer: Gazetteer, address: { postCode?: string; city?: string } | null | undefined) => {
  const place = (address?.postCode && gazetteer.resolve(address.postCode)) || (address?.city && gazetteer.resolve(address.city));
  return place ? { latitude: place.latitude, longitude: place.longitude } : { latitude: null, longitude: null };
};

/** What a job stores beyond its input: yearly salary, labelled skills, when it was first published. */
const derived = async (db: Executor, input: Record<string, any>, before?: JobRow) => ({
  ...(input.content ? { content: sanitizeRichText(input.content) } : {}),
  ...(input.salaries ? annualSalary(input.salaries) : {}),
  ...(input.skills ? await labelledSkills(db, input.skills) : {}),
  ...(input.status === 'PUBLISHED' && !before?.postedOn ? { postedOn: new Date() } : {}),
});

/**
 * Featuring is the platform's (featureJob): a recruiter asking for it is refused, and the field is
 * never written from their create or update, so false cannot undo the platform's choice either.
 */
const withoutFeaturing = <T extends { isFeaturedJob?: boolean }>({ isFeaturedJob, ...values }: T) => {
  if (isFeaturedJob) throw forbidden(featureJobMessage);
  return values;
};

/**
 * A recruiter's job goes under their own company. A CRM job's board copy is written by its agency's
 * staff (hiring/board-bridge.ts), who have none: it names its organisation's board company.
 */
const companyOfNewJob = async (db: Executor, caller: Caller | null, values: Record<string, unknown>) => {
  if (caller?.userType !== 'RECRUITER' && typeof values.recruiterId === 'string') {
    return (await companyRepository.get(
      db,
      unscoped('a CRM job’s board copy names its agency’s board company'),
      values.recruiterId,
    )) as CompanyRow;
  }
  return ownCompany(db, caller as Caller);
};

/** A job is looked up among all; the handler then decides whether the caller may see it. */
const anyJob = unscoped('anyone may open a published job; the handler checks who sees any other');

/** A job with its company's card; what the public sees of it is the call's output schema (`publicJobRecord`). */
export const publicJob = async (db: Executor, row: JobRow) => {
  const record = jobRepository.toRecord(row as never);
  const [company] = await db
    .select({
      _id: recruiterCompanies.id,
      name: recruiterCompanies.name,
      slug: recruiterCompanies.slug,
      profileImg: recruiterCompanies.profileImg,
      isVerified: recruiterCompanies.isVerified,
    })
    .from(recruiterCompanies)
    .where(eq(recruiterCompanies.id, row.recruiterId));
  return { ...record, company: company ?? null, isOpen: isOpen(row) };
};

export const registerJobs = (app: FastifyInstance) => {
  const { gazetteer } = app.services;

  registerResource(app, jobRepository, {
    hooks: {
      afterCommit: () => app.services.jobSearchCache.clear(),
      beforeCreate: async ({ db, caller, values: sent }) => {
        const values = withoutFeaturing(sent);
        const company = await companyOfNewJob(db, caller, sent);
        return {
          ...values,
          ...(await derived(db, values)),
          ...coordinatesOf(gazetteer, sent.address),
          slug: values.slug ?? (await freeSlug(db, jobs, `${values.title} ${company.name}`)),
          recruiterId: company.id,
          companyName: company.name,
        };
      },
      beforeUpdate: async ({ db, caller, values: sent, before, action }) => {
        // The platform's own feature call (below) writes the flag through this same update.
        const values = caller && isPlatformUser(caller.userType) ? sent : withoutFeaturing(sent);
        if (action === 'UPDATE') {
          // The window is checked against the dates already saved, not only against those sent together.
          const start = 'applicationStartDate' in values ? values.applicationStartDate : before.applicationStartDate;
          const end = 'applicationEndDate' in values ? values.applicationEndDate : before.applicationEndDate;
          if (start && end && new Date(end as string) < new Date(start as string)) {
            const message = 'The closing date must be after the opening date';
            throw badRequest(message, [{ field: 'applicationEndDate', message }]);
          }
        }
        // The recruiter's update cannot move a job; a CRM job's board copy follows its job's address.
        const moved = 'address' in values ? coordinatesOf(gazetteer, values.address as never) : {};
        return { ...values, ...(await derived(db, values, before as JobRow)), ...moved };
      },
    },
    handlers: {
      // Replaced: the public opens a published job of a live company, its owner and the platform any; answered with the company's card.
      details: async ({ db, caller, input }) => {
        const row = (await jobRepository.find(db, anyJob, input._id)) as JobRow | undefined;
        const mine = row && caller && (isPlatformUser(caller.userType) || row.ownerId === caller.id);
        if (!row || (!mine && !(row.status === 'PUBLISHED' && (await companyIsLive(db, row.recruiterId))))) throw notFound('Job');
        return publicJob(db, row);
      },
    },
  });

  // A search only reads: no transaction; the same search within 30 s is answered from the cache.
  const { jobSearchCache, jobSearchIndex } = app.services;
  for (const call of [searchJobs, findJobs]) {
    registerCall(app, { ...call, unscoped: publicAndPublished, transaction: false }, ({ input }) =>
      jobSearchCache.get(JSON.stringify(input), () =>
        searchOpenJobs({ db: app.database.db, gazetteer, index: jobSearchIndex, files: app.services.files, request: input }),
      ),
    );
  }

  registerCall(app, { ...featureJob, unscoped: acrossOrganisations }, async (ctx) => {
    const { db, input, afterCommit } = ctx;
    afterCommit(() => jobSearchCache.clear());
    return jobRepository.update(db, {
      ...ctx,
      scope: unscoped('platform admins feature any job'),
      id: input._id,
      values: { isFeaturedJob: input.isFeaturedJob },
    });
  });

  registerCall(app, { ...jobBySlug, unscoped: publicAndPublished }, async ({ db, caller, input }) => {
    const row = (await jobRepository.first(db, anyJob, [eq(jobs.slug, input.slug)])) as JobRow | undefined;
    const mine = row && caller && (isPlatformUser(caller.userType) || row.ownerId === caller.id);
    if (!row || (!mine && !(row.status === 'PUBLISHED' && (await companyIsLive(db, row.recruiterId))))) throw notFound('Job');
    return publicJob(db, row);
  });
};
