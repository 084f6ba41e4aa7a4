import { salaryRanges } from '@app/contract/lookups';
import { job } from '@app/contract/resources/job-board/job';
import { and, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jobSearchRows, jobs, recruiterCompanies } from '../../db/schema/job-board';
import { skills } from '../../db/schema/lookups';
import { resourceRepository } from '../../engine/repository';

export const jobRepository = resourceRepository(job, jobs);
export type JobRow = typeof jobs.$inferSelect;

/**
 * A job the public may see, read from the search's copy of it (which holds published, live jobs
 * only): inside its application window, and posted by a company that is itself active (an admin
 * can switch a company off). Inactive companies are few, so the NOT IN list is small and hashed.
 */
export const openJobConditions = (now = sql`now()`): SQL[] => [
  sql`${jobSearchRows.recruiterId} not in (select ${recruiterCompanies.id} from ${recruiterCompanies} where ${recruiterCompanies.status} <> 'ACTIVE' or ${recruiterCompanies.isDeleted})`,
  or(isNull(jobSearchRows.applicationStartDate), lte(jobSearchRows.applicationStartDate, now)) as SQL,
  or(isNull(jobSearchRows.applicationEndDate), gte(jobSearchRows.applicationEndDate, now)) as SQL,
];

/** Whether the company that posted a job is active and not deleted. */
export const companyIsLive = async (db: Executor, recruiterId: string) => {
  const [company] = await db
    .select({ status: recruiterCompanies.status, isDeleted: recruiterCompanies.isDeleted })
    .from(recruiterCompanies)
    .where(eq(recruiterCompanies.id, recruiterId));
  return company?.status === 'ACTIVE' && !company.isDeleted;
};

export const isOpen = (row: Pick<JobRow, 'status' | 'isDeleted' | 'applicationStartDate' | 'applicationEndDate'>, now = new Date()) =>
  row.status === 'PUBLISHED' &&
  !row.isDeleted &&
  (!row.applicationStartDate || row.applicationStartDate <= now) &&
  (!row.applicationEndDate || row.applicationEndDate >= now);

const perYear: Record<string, number> = { HOUR: 37.5 * 52, DAY: 5 * 52, WEEK: 52, MONTH: 12, YEAR: 1 };

/** The first salary, as a yearly range, so one filter compares hourly and annual pay. */
export const annualSalary = (salaries: { min: number; max?: number | null; duration: string }[] | undefined) => {
  const first = salaries?.[0];
  if (!first) return { annualSalaryMin: null, annualSalaryMax: null };
  const factor = perYear[first.duration] ?? 1;
  return { annualSalaryMin: first.min * factor, annualSalaryMax: (first.max ?? first.min) * factor };
};

export const salaryRangeCondition = (value: string) => {
  const range = salaryRanges.find((r) => r.value === value);
  if (!range) return undefined;
  return and(gte(jobSearchRows.annualSalaryMax, range.min), lte(jobSearchRows.annualSalaryMin, range.max));
};

/** Skills carry their labels, so search can find a job by a skill's name. */
export const labelledSkills = async (db: Executor, given: { skillId: string; label?: string }[] | undefined) => {
  if (!given || given.length === 0) return { skills: [], skillText: null };
  const rows = await db
    .select({ id: skills.id, label: skills.label })
    .from(skills)
    .where(
      inArray(
        skills.id,
        given.map((s) => s.skillId),
      ),
    );
  const labels = new Map(rows.map((r) => [r.id, r.label]));
  const labelled = given.map((s) => ({ skillId: s.skillId, label: labels.get(s.skillId) ?? s.label ?? '' }));
  return { skills: labelled, skillText: labelled.map((s) => s.label).join(' ') };
};
