import { job } from '@app/contract/resources/job-board/job';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jobs, recruiterCompanies } from '../../db/schema/job-board';
import { skills } from '../../db/schema/lookups';
import { resourceRepository } from '../../engine/repository';

export const jobRepository = resourceRepository(job, jobs);
export type JobRow = typeof jobs.$inferSelect;

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
