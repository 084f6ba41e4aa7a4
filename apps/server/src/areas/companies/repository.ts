import { slugify } from '@app/contract/conventions/career';
import { recruiterCompany } from '@app/contract/resources/job-board/company';
import { and, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recruiterCompanies } from '../../db/schema/job-board';
import type { Caller } from '../../engine/context';
import { notFound } from '../../engine/errors';
import { resourceRepository } from '../../engine/repository';

export const companyRepository = resourceRepository(recruiterCompany, recruiterCompanies);

export type CompanyRow = typeof recruiterCompanies.$inferSelect;

/** The signed-in recruiter's own company. */
export const ownCompany = async (db: Executor, caller: Caller) => {
  const row = await companyRepository.first(db, { ownerId: caller.id });
  if (!row) throw notFound('Company');
  return row as CompanyRow;
};

/**
 * A free slug made from a name: "acme-ltd", then "acme-ltd-2", ... Writers of the same name take
 * turns (a lock held until their transaction ends), so two at once never pick the same slug.
 * `within` narrows whose slugs count (a CRM job's are its organisation's).
 */
export const freeSlug = async (db: Executor, table: typeof recruiterCompanies | any, name: string, within: SQL[] = []) => {
  const base = slugify(name);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`slug:${base}`}))`);
  const taken = new Set(
    (
      await db
        .select({ slug: table.slug })
        .from(table)
        .where(and(like(table.slug, `${base}%`), eq(table.isDeleted, false), ...within))
    ).map((r: { slug: string }) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
};
