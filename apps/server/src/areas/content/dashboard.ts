import { type AdminDashboardCounts, adminDashboardCounts } from '@app/contract/resources/content/admin-board';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { contactQueries } from '../../db/schema/content';
import { jobApplications, jobSeekers, jobs, recruiterCompanies } from '../../db/schema/job-board';
import { registerCall } from '../../engine/register-call';
import { acrossOrganisations } from '../../engine/unscoped-reasons';

const weekMs = 7 * 24 * 60 * 60 * 1000;

const countOf = async (db: Executor, table: PgTable, where: SQL | undefined) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return row?.n ?? 0;
};

/**
 * GET /admin/dashboard (beyond the spec): the admin console's home numbers, plain counts over live
 * rows. "This week" is the last seven days rather than since Monday, so the number does not drop
 * to nothing every Monday morning.
 */
export const registerAdminDashboard = (app: FastifyInstance) => {
  registerCall(
    app,
    { ...adminDashboardCounts, unscoped: acrossOrganisations, transaction: false, message: 'Fetched successfully' },
    async ({ db }) => {
      const weekAgo = new Date(Date.now() - weekMs);
      const [seekers, companies, published, applications, openQueries] = await Promise.all([
        countOf(db, jobSeekers, eq(jobSeekers.isDeleted, false)),
        countOf(db, recruiterCompanies, eq(recruiterCompanies.isDeleted, false)),
        countOf(db, jobs, and(eq(jobs.isDeleted, false), eq(jobs.status, 'PUBLISHED'))),
        countOf(db, jobApplications, and(eq(jobApplications.isDeleted, false), gte(jobApplications.createdAt, weekAgo))),
        countOf(db, contactQueries, and(eq(contactQueries.isDeleted, false), eq(contactQueries.status, 'NEW'))),
      ]);
      const counts: AdminDashboardCounts = {
        jobSeekers: seekers,
        recruiterCompanies: companies,
        publishedJobs: published,
        applicationsThisWeek: applications,
        openContactQueries: openQueries,
      };
      return counts;
    },
  );
};
