import { experienceRanges, jobTypes, noticePeriods, salaryDurations, salaryRanges, travelOptions, workModels } from '@app/contract/lookups';
import { industryOptions, jobTitle, language, skill } from '@app/contract/resources/job-board/lookups';
import { callApi, callResource } from '../../kit/api';
import type { Option, OptionsLoader } from '../../kit/field-descriptor';

/** The fixed lookups come with the contract (GET /api/lookups serves the same), so they need no call. */
export const jobTypeOptions: Option[] = jobTypes.map((t) => ({ value: String(t.value), label: t.label }));
export const workModelOptions: Option[] = workModels.map((m) => ({ value: m.value, label: m.label }));
export const experienceOptions: Option[] = experienceRanges.map((e) => ({ value: e.value, label: e.label }));
export const salaryRangeOptions: Option[] = salaryRanges.map((r) => ({ value: r.value, label: r.label }));
export const salaryDurationOptions: Option[] = salaryDurations.map((d) => ({ value: d.value, label: d.label }));
export const travelOptionOptions: Option[] = travelOptions.map((t) => ({ value: String(t.value), label: t.label }));
export const noticePeriodOptions: Option[] = noticePeriods.map((n) => ({ value: n._id, label: n.label }));
export const postedWithinOptions: Option[] = [
  { value: '1', label: 'Last 24 hours' },
  { value: '3', label: 'Last 3 days' },
  { value: '7', label: 'Last 7 days' },
  { value: '14', label: 'Last 14 days' },
  { value: '30', label: 'Last 30 days' },
];

export type Industry = { _id: string; label: string; value: string };

export const loadIndustries = (signal?: AbortSignal) => callApi(industryOptions, {}, { signal });

export const industryLoader: OptionsLoader = {
  key: 'industries',
  load: async () => (await loadIndustries()).map((row) => ({ value: row._id, label: row.label })),
};

/** Every active row of a public lookup list (skills, languages, job titles), by label. */
const allLabels = async (resource: typeof skill | typeof language | typeof jobTitle) =>
  (await callResource(resource, 'list', { limit: 'ALL' })).results
    .map((row) => ({ value: row._id, label: row.label }))
    .sort((a, b) => a.label.localeCompare(b.label));

export const skillLoader: OptionsLoader = { key: 'skills', load: () => allLabels(skill) };
export const languageLoader: OptionsLoader = { key: 'languages', load: () => allLabels(language) };
export const jobTitleLoader: OptionsLoader = { key: 'job-titles', load: () => allLabels(jobTitle) };
