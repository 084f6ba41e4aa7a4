import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs, recruiterCompanies } from '../../db/schema/job-board';
import { unstorableTextReason } from '../../engine/storable-text';
import { jsonLdTag, noindexTag, seoHead } from '../../services/html-page';
import { plainText } from '../../services/sanitize';
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

/**
 * The web app's page with tags added at the end of its head (and, with `ownTitle`, its own <title>
 * taken out). Cut and joined at the markers, never through a replacement pattern: text such as
 * "$'" in a job's title would otherwise paste parts of the page into itself.
 */
export const withHeadTags = (template: string, tags: string[], options: { ownTitle: boolean }) => {
  const headEnd = template.indexOf('</head>');
  if (headEnd < 0) return template;
  let head = template.slice(0, headEnd);
  const titleStart = head.indexOf('<title>');
  const titleEnd = titleStart < 0 ? -1 : head.indexOf('</title>', titleStart);
  if (options.ownTitle && titleEnd >= 0) head = head.slice(0, titleStart) + head.slice(titleEnd + '</title>'.length);
  return `${head}    ${tags.join('\n    ')}\n  ${template.slice(headEnd)}`;
};

/** The app's page with this job's title, description and, while it is open, its JobPosting. */
export const renderJobPage = (template: string, input: { job: JobRow; company: Company; appUrl: string }) => {
  const { job, company, appUrl } = input;
  const title = `${(job.meta as { title?: string } | null)?.title || job.title} at ${company.name}`;
  const description = ((job.meta as { description?: string } | null)?.description || job.description || plainText(job.content)).slice(
    0,
    300,
  );
  const url = `${appUrl}/jobs/${job.slug}`;
  const head = [...seoHead({ title, description, url }), isOpen(job) ? jsonLdTag(jobPostingJsonLd(job, company, appUrl)) : noindexTag];
  return withHeadTags(template, head, { ownTitle: true });
};

/** /jobs/:slug answered by the server with the job in the HTML, before any script runs. */
export const registerJobPages = (app: FastifyInstance, webDist: string) => {
  const indexFile = path.join(webDist, 'index.html');
  app.get('/jobs/:slug', { schema: { hide: true } }, async (req, reply) => {
    const { slug } = req.params as { slug: string };
    if (!fs.existsSync(indexFile)) return reply.callNotFound();
    const template = fs.readFileSync(indexFile, 'utf8');
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
    reply.type('text/html').header('cache-control', 'no-cache');
    if (!row || row.job.isDeleted || row.job.status !== 'PUBLISHED' || !row.companyLive)
      return reply.status(404).send(withHeadTags(template, [noindexTag], { ownTitle: false }));
    return reply.send(renderJobPage(template, { job: row.job, company: row.company, appUrl: app.services.config.appUrl }));
  });
};
