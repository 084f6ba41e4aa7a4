import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs, recruiterCompanies } from '../../db/schema/job-board';
import { unstorableTextReason } from '../../engine/storable-text';
import { jsonLdTag, noindexTag, seoHead } from '../../services/html-page';
import { plainText } from '../../services/sanitize';
import type { WebPages } from '../../services/web-pages';
import { isOpen, type JobRow } from './repository';

const employmentTypes: Record<number, string> = {
  1: 'FULL_TIME',
  2: 'PART_TIME',
  3: 'CONTRACTOR',
  4: 'TEMPORARY',
  5: 'OTHER',
  6: 'INTERN',
  7: 'FULL_TIME',
  8: 'VOLUNTEER',
};
const unitText: Record<string, string> = { HOUR: 'HOUR', DAY: 'DAY', WEEK: 'WEEK', MONTH: 'MONTH', YEAR: 'YEAR' };

type Company = { name: string; website: string | null; slug: string };

/** schema.org JobPosting, the form search engines read job ads in. */
export const jobPostingJsonLd = (job: JobRow, company: Company, appUrl: string) => {
  const salary = (job.salaries as { min: number; max?: number | null; duration: string }[])[0];
  const address = job.address ?? {};
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: job.content,
    identifier: { '@type': 'PropertyValue', name: company.name, value: job.itemId?.combined ?? job.id },
    datePosted: (job.postedOn ?? job.createdAt).toISOString(),
    ...(job.applicationEndDate ? { validThrough: job.applicationEndDate.toISOString() } : {}),
    employmentType: [...new Set((job.jobTypes ?? []).map((t) => employmentTypes[t] ?? 'OTHER'))],
    hiringOrganization: {
      '@type': 'Organization',
      name: company.name,
      ...(company.website ? { sameAs: company.website } : {}),
      url: `${appUrl}/companies/${company.slug}`,
    },
    ...(job.workModel === 'REMOTE'
      ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'GB' } }
      : {}),
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(address.street ? { streetAddress: [address.building, address.street].filter(Boolean).join(' ') } : {}),
        ...(address.city ? { addressLocality: address.city } : {}),
        ...(address.county ? { addressRegion: address.county } : {}),
        ...(address.postCode ? { postalCode: address.postCode } : {}),
        addressCountry: 'GB',
      },
    },
    ...(salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'GBP',
            value: {
              '@type': 'QuantitativeValue',
              minValue: salary.min,
              ...(salary.max ? { maxValue: salary.max } : {}),
              unitText: unitText[salary.duration] ?? 'YEAR',
            },
          },
        }
      : {}),
    directApply: true,
    url: `${appUrl}/jobs/${job.slug}`,
  };
};

/** This job's title, description and, while it is open, its JobPosting, for the page's head. */
export const jobHeadTags = (input: { job: JobRow; company: Company; appUrl: string }) => {
  const { job, company, appUrl } = input;
  const title = `${(job.meta as { title?: string } | null)?.title || job.title} at ${company.name}`;
  const description = ((job.meta as { description?: string } | null)?.description || job.description || plainText(job.content)).slice(
    0,
    300,
  );
  const url = `${appUrl}/jobs/${job.slug}`;
  return [...seoHead({ title, description, url }), isOpen(job) ? jsonLdTag(jobPostingJsonLd(job, company, appUrl)) : noindexTag];
};

/** /jobs/:slug answered by the server with the job in the HTML (its tags, and the page drawn), before any script runs. */
export const registerJobPages = (app: FastifyInstance, pages: WebPages) => {
  app.get('/jobs/:slug', { schema: { hide: true } }, async (req, reply) => {
    const { slug } = req.params as { slug: string };
    if (pages.template() === null) return reply.callNotFound();
    // A slug the database cannot even compare is no job's.
    const [row] = unstorableTextReason(slug)
      ? []
      : await app.database.db
          .select({
            job: jobs,
            company: { name: recruiterCompanies.name, website: recruiterCompanies.website, slug: recruiterCompanies.slug },
            companyLive: sql<boolean>`${recruiterCompanies.status} = 'ACTIVE' and not ${recruiterCompanies.isDeleted}`,
          })
          .from(jobs)
          .innerJoin(recruiterCompanies, eq(recruiterCompanies.id, jobs.recruiterId))
          .where(eq(jobs.slug, slug))
          .limit(1);
    if (!row || row.job.isDeleted || row.job.status !== 'PUBLISHED' || !row.companyLive)
      return pages.send(req, reply, { head: [noindexTag], status: 404 });
    return pages.send(req, reply, { head: jobHeadTags({ job: row.job, company: row.company, appUrl: app.services.config.appUrl }) });
  });
};
