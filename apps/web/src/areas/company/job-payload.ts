import type { FormMode } from '../../kit/field-descriptor';
import type { JobRecord } from '../board/types';

/** A date input's day as the timestamp the API takes: the start or the end of that day where the recruiter is. */
const dayBound = (value: unknown, end: boolean) =>
  typeof value === 'string' && value ? new Date(`${value}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : value;

/** Optional fields an edit clears with null when they are left empty. */
const clearable = ['description', 'workModel', 'experience', 'applicationStartDate', 'applicationEndDate'];

/** The form's values as the job calls take them: one salary range, numbered job types, skills by id, timestamps. */
export const toJobPayload = (payload: Record<string, unknown>, mode: FormMode) => {
  const { salary, ...rest } = payload as { salary?: { min?: unknown; max?: unknown; duration?: unknown } } & Record<string, unknown>;
  const body: Record<string, unknown> = {
    ...rest,
    salaries: salary && salary.min !== undefined ? [{ ...salary, duration: salary.duration ?? 'YEAR' }] : [],
    jobTypes: ((rest.jobTypes as string[] | undefined) ?? []).map(Number),
    skills: ((rest.skills as string[] | undefined) ?? []).map((skillId) => ({ skillId })),
    applicationStartDate: dayBound(rest.applicationStartDate, false),
    applicationEndDate: dayBound(rest.applicationEndDate, true),
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  if (mode === 'edit') for (const key of clearable) body[key] ??= null;
  return body;
};

/** The API's `salaries.0.min` is the form's `salary.min`. */
export const formFieldOf = (field: string) => field.replace(/^salaries\.0\./, 'salary.').replace(/^salaries$/, 'salary.min');

/** A job as the form starts from it. */
export const jobFormValues = (record: JobRecord) => ({
  ...record,
  salary: record.salaries?.[0],
  skills: (record.skills ?? []).map((skill) => skill.skillId),
});
