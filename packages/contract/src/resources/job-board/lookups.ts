import { z } from 'zod';
import { PLATFORM } from '../../access';
import { genericStatus } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterId, filterValue } from '../../conventions/list';
import { defineResource, defineWorkflow } from '../../define-resource';

const label = (message: string) => z.string({ error: message }).trim().min(1, message).max(200);
const value = z.string().trim().max(200).optional();
const statusFilter = { status: filterValue(genericStatus) };

/**
 * Skills and languages a seeker types in are kept as PENDING: offered to nobody else until a
 * platform admin approves them (ACTIVE) or turns them down (INACTIVE).
 */
export const lookupStatuses = ['ACTIVE', 'INACTIVE', 'PENDING'] as const;
export const lookupStatus = z.enum(lookupStatuses, { error: 'Status must be ACTIVE, INACTIVE or PENDING' });
const typedInStatusFilter = { status: filterValue(lookupStatus) };

const skillFields = z.object({
  label: label('Please enter skill name'),
  value,
  industryId: mongoId('industryId').optional().nullable(),
  isNew: z.boolean().default(false),
  type: z.enum(['HARD', 'SOFT'], { error: 'Skill type must be HARD or SOFT' }).default('HARD'),
  status: lookupStatus.default('ACTIVE'),
});
export const skill = defineResource({
  name: 'Skill',
  labelField: 'label',
  references: { industryId: { resource: 'Industry', expandAs: 'industry' } },
  table: 'skills',
  tenancy: 'platform',
  fields: skillFields,
  create: skillFields.strict(),
  update: skillFields.partial().extend({ _id: mongoId() }).strict(),
  status: lookupStatus,
  search: ['label', 'value'],
  filters: { ...typedInStatusFilter, industryId: filterId('industryId'), type: filterValue(z.enum(['HARD', 'SOFT'])) },
  unique: [{ fields: ['value'], message: 'This skill already exists' }],
  screen: { area: 'admin', path: 'skills', menu: { group: 'Lookups', label: 'Skills', icon: 'tags', order: 110, shownBy: 'create' } },
  calls: {
    list: { method: 'POST', path: '/skill/list', who: ['public'] },
    create: { method: 'POST', path: '/skill/add-skill', who: PLATFORM },
    update: { method: 'POST', path: '/skill/update-skill', who: PLATFORM },
    setStatus: { method: 'POST', path: '/skill/status-change', who: PLATFORM },
  },
});

const languageFields = z.object({
  label: label('Please enter language name'),
  value,
  code: z.string().trim().max(10).optional().nullable(),
  nativeName: z.string().trim().max(200).optional().nullable(),
  status: lookupStatus,
});
export const language = defineResource({
  name: 'Language',
  labelField: 'label',
  table: 'languages',
  tenancy: 'platform',
  fields: languageFields,
  create: languageFields.extend({ status: z.enum(['ACTIVE', 'INACTIVE'], { error: 'Please select status' }) }).strict(),
  update: languageFields.partial().extend({ _id: mongoId() }).strict(),
  status: lookupStatus,
  search: ['label', 'value', 'nativeName', 'code'],
  filters: typedInStatusFilter,
  unique: [{ fields: ['value'], message: 'This language already exists' }],
  screen: {
    area: 'admin',
    path: 'languages',
    menu: { group: 'Lookups', label: 'Languages', icon: 'language', order: 120, shownBy: 'create' },
  },
  calls: {
    list: { method: 'POST', path: '/job/language/list', who: ['public'] },
    setStatus: { method: 'POST', path: '/job/language/change-status', who: PLATFORM },
    create: { method: 'POST', path: '/job/language/', who: PLATFORM },
    update: { method: 'PUT', path: '/job/language/', who: PLATFORM },
  },
});

const jobTitleFields = z.object({
  label: label('Please enter job title'),
  value,
  industryId: mongoId('industryId').optional().nullable(),
  status: genericStatus.default('ACTIVE'),
});
export const jobTitle = defineResource({
  name: 'JobTitle',
  labelField: 'label',
  references: { industryId: { resource: 'Industry', expandAs: 'industry' } },
  table: 'job_titles',
  tenancy: 'platform',
  fields: jobTitleFields,
  create: jobTitleFields.strict(),
  update: jobTitleFields.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['label', 'value'],
  filters: { ...statusFilter, industryId: filterId('industryId') },
  unique: [{ fields: ['value'], message: 'This job title already exists' }],
  screen: {
    area: 'admin',
    path: 'job-titles',
    menu: { group: 'Lookups', label: 'Job titles', icon: 'briefcase', order: 130, shownBy: 'create' },
  },
  calls: {
    list: { method: 'POST', path: '/job/job-title/list', who: ['public'] },
    setStatus: { method: 'POST', path: '/job/job-title/change-status', who: PLATFORM },
    create: { method: 'POST', path: '/job/job-title/', who: PLATFORM },
    update: { method: 'POST', path: '/job/job-title/update', who: PLATFORM },
  },
});

const industryFields = z.object({ label: label('Please enter industry name'), value, status: genericStatus.default('ACTIVE') });
export const industry = defineResource({
  name: 'Industry',
  labelField: 'label',
  table: 'industries',
  tenancy: 'platform',
  fields: industryFields,
  create: industryFields.strict(),
  update: industryFields.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['label', 'value'],
  filters: statusFilter,
  unique: [{ fields: ['value'], message: 'This industry already exists' }],
  screen: { area: 'admin', path: 'industries', menu: { group: 'Lookups', label: 'Industries', icon: 'building-factory', order: 140 } },
  calls: {
    create: { method: 'POST', path: '/job/industry/add-industry', who: PLATFORM },
    update: { method: 'POST', path: '/job/industry/update-industry', who: PLATFORM },
    setStatus: { method: 'POST', path: '/job/industry/status-change', who: PLATFORM },
    list: { method: 'POST', path: '/job/industry/admin-list', who: PLATFORM },
  },
});

/** Every active industry, for pickers and the search filter; no paging. */
export const industryOptions = defineWorkflow({
  name: 'industryOptions',
  tag: 'Industry',
  method: 'GET',
  path: '/job/industry/list',
  who: ['public'],
  inputFrom: 'query',
  input: z.object({ search: z.string().max(200).optional() }).strict(),
  output: z.array(z.object({ _id: z.string(), label: z.string(), value: z.string() })),
});

const option = <V extends z.ZodType>(value: V) => z.object({ label: z.string(), value });
const numberOption = option(z.number());
const textOption = option(z.string());
const range = textOption.extend({ min: z.number(), max: z.number() });

/** Job types, work models, experience, salary bands and durations, travel, notice periods, hobbies. */
export const fixedLookups = defineWorkflow({
  name: 'fixedLookups',
  tag: 'Lookups',
  method: 'GET',
  path: '/lookups',
  who: ['public'],
  inputFrom: 'query',
  summary: 'The fixed lookups the spec names without calls (not in the spec)',
  input: z.object({}).strict(),
  output: z.object({
    jobTypes: z.array(numberOption),
    workModels: z.array(textOption),
    experienceRanges: z.array(range),
    salaryRanges: z.array(range.extend({ duration: z.string() })),
    salaryDurations: z.array(textOption),
    travelOptions: z.array(numberOption),
    noticePeriods: z.array(z.object({ _id: z.string(), label: z.string(), valueInDays: z.number().int() })),
    hobbies: z.array(textOption),
  }),
});
