import { z } from 'zod';
import { itemId } from '../../conventions/common';
import type { ExportColumn } from '../../conventions/export';
import { defineWorkflow } from '../../define-resource';

/** The largest file an import takes, in bytes of UTF-8 text, and the most rows (besides the header). */
export const importMaxBytes = 10 * 1024 * 1024;
export const importMaxRows = 20_000;

/**
 * The candidate fields a CSV column can fill. Skills are lookup labels separated by commas or
 * semicolons; the notice period is one of the organisation's labels; yes/no fields take yes, no,
 * true, false, y, n, 1 or 0.
 */
export const importFields = [
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'city',
  'county',
  'postCode',
  'country',
  'about',
  'linkedInLink',
  'gitHubLink',
  'status',
  'skills',
  'currentJobTitle',
  'desiredJobTitle',
  'expectedSalaryMin',
  'expectedSalaryMax',
  'noticePeriod',
  'willingToRelocate',
  'ukDrivingLicence',
] as const;
export type ImportField = (typeof importFields)[number];

export const importFieldLabels: Record<ImportField, string> = {
  name: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  street: 'Street',
  city: 'City',
  county: 'County',
  postCode: 'Post code',
  country: 'Country',
  about: 'About',
  linkedInLink: 'LinkedIn',
  gitHubLink: 'GitHub',
  status: 'Status',
  skills: 'Skills',
  currentJobTitle: 'Current job title',
  desiredJobTitle: 'Desired job title',
  expectedSalaryMin: 'Expected salary (from)',
  expectedSalaryMax: 'Expected salary (to)',
  noticePeriod: 'Notice period',
  willingToRelocate: 'Willing to relocate',
  ukDrivingLicence: 'UK driving licence',
};

/** Where each import field is read in a candidate as its list answers it (a full name, not its parts). */
const exportedFrom: Record<Exclude<ImportField, 'firstName' | 'lastName'>, string> = {
  name: 'name.fullName',
  email: 'email',
  phone: 'phone',
  street: 'address.street',
  city: 'address.city',
  county: 'address.county',
  postCode: 'address.postCode',
  country: 'address.country',
  about: 'about',
  linkedInLink: 'linkedInLink',
  gitHubLink: 'gitHubLink',
  status: 'status',
  skills: 'skills',
  currentJobTitle: 'preferences.currentJobTitle',
  desiredJobTitle: 'preferences.desiredJobTitle',
  expectedSalaryMin: 'preferences.expectedSalary.min',
  expectedSalaryMax: 'preferences.expectedSalary.max',
  noticePeriod: 'noticePeriod',
  willingToRelocate: 'preferences.willingToRelocate',
  ukDrivingLicence: 'preferences.ukDrivingLicence',
};

/**
 * The candidate export's columns: the import's, under the import's own headers, so an exported file
 * imports again (into another organisation, or after a clean-up) with the mapping it suggests.
 */
export const candidateExportColumns: readonly ExportColumn[] = [
  { key: 'itemId', header: 'Reference', read: 'itemId' },
  ...Object.entries(exportedFrom).map(
    ([field, key]): ExportColumn => ({
      key,
      header: importFieldLabels[field as ImportField],
      read: field === 'noticePeriod' || field === 'skills' ? 'label' : 'value',
    }),
  ),
  { key: 'createdAt', header: 'Created at', read: 'value' },
];

/** What the mapping must name: an email, a phone, and a name (whole, or its first part). */
export const importMappingProblems = (mapping: Record<string, ImportField | null | undefined>) => {
  const targets = Object.values(mapping).filter((field): field is ImportField => !!field);
  const problems: string[] = [];
  const twice = targets.filter((field, i) => targets.indexOf(field) !== i);
  for (const field of new Set(twice)) problems.push(`${importFieldLabels[field]} is mapped from more than one column`);
  if (!targets.includes('name') && !targets.includes('firstName')) problems.push('Map a column to Full name or First name');
  if (targets.includes('name') && (targets.includes('firstName') || targets.includes('lastName'))) {
    problems.push('Map either Full name or First and Last name, not both');
  }
  if (!targets.includes('email')) problems.push('Map a column to Email');
  if (!targets.includes('phone')) problems.push('Map a column to Phone');
  return problems;
};

export const duplicateHandlings = ['skip', 'update', 'create'] as const;
export type DuplicateHandling = (typeof duplicateHandlings)[number];

const csvText = z.string({ error: 'Please choose a CSV file' });

export const candidateImportPreview = defineWorkflow({
  name: 'candidateImportPreview',
  tag: 'Candidate',
  method: 'POST',
  path: '/candidate/import/preview',
  who: ['CRM_USER'],
  access: { module: 'Candidate' },
  level: 'WRITE',
  summary:
    "A CSV file's header, first rows and row count (read no further than the most rows an import takes), with the candidate field each column is suggested for",
  input: z.object({ csv: csvText }).strict(),
  output: z.object({
    headers: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    /** The data rows, counted up to the most an import takes. */
    totalRows: z.number().int(),
    /** The file goes on past `totalRows` (the most an import takes): it must be split before it is imported. */
    moreRows: z.boolean(),
    delimiter: z.string(),
    suggested: z.record(z.string(), z.enum(importFields).nullable()),
  }),
});

export const importProblem = z.object({ field: z.string(), message: z.string() });

/** What happens (or would happen) to one data row; `row` counts as a spreadsheet does, the header being row 1. */
export const importRowReport = z.object({
  row: z.number().int(),
  outcome: z.enum(['create', 'update', 'skip', 'error']),
  /** Why the row cannot be imported (each field with the message its form would show). */
  problems: z.array(importProblem),
  /** What was left out of an imported row (an unknown skill). */
  warnings: z.array(importProblem),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** The organisation's candidates sharing its email or phone; one outside the caller's scope by its number only. */
  duplicates: z.array(z.object({ _id: z.string(), itemId: itemId.nullable(), visible: z.boolean() })),
  /** An earlier row of the file with the same email or phone. */
  sameAsRow: z.number().int().nullable(),
  /** The candidate made or updated (real runs only). */
  candidateId: z.string().nullable(),
});
export type ImportRowReport = z.infer<typeof importRowReport>;

export const importReport = z.object({
  dryRun: z.boolean(),
  totalRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Every row that is not a plain create: errors, skips, updates (and, in a dry run, creates with warnings). */
  rows: z.array(importRowReport),
  /**
   * A real run that stopped part way (the database refused a batch): the first row not written and
   * why. The rows before it are imported; it and every later row it would have written are listed
   * as errors, to be imported again.
   */
  stopped: z.object({ row: z.number().int(), message: z.string() }).nullable(),
});
export type ImportReport = z.infer<typeof importReport>;

/**
 * Imports candidates from a CSV file's text. A dry run writes nothing and says what each row would
 * do; a real run skips the rows with problems and writes the others in file order, a few hundred
 * rows a transaction (each row whole, with its log entry), so a large file never holds the database
 * from everyone else. Should the database refuse a batch, the rows before it stay imported and the
 * report's `stopped` names the first row that was not, each of those listed as an error. Sent with
 * `Accept: application/x-ndjson`, the real run answers one JSON line per written batch
 * (`{ "processed": n, "total": m }`) and then `{ "report": ... }` (or `{ "error": ... }` when nothing
 * was written), so a screen can show progress.
 */
export const candidateImport = defineWorkflow({
  name: 'candidateImport',
  tag: 'Candidate',
  method: 'POST',
  path: '/candidate/import',
  who: ['CRM_USER'],
  access: { module: 'Candidate' },
  level: 'WRITE',
  summary:
    'Imports candidates from CSV text with a column mapping: a dry run reports each row; a real run creates, updates or skips duplicates as asked, in short transactions in file order',
  input: z
    .object({
      csv: csvText,
      mapping: z.record(z.string(), z.enum(importFields, { error: 'Unknown candidate field' }).nullable()),
      dryRun: z.boolean().default(true),
      duplicates: z.enum(duplicateHandlings, { error: 'Duplicates must be skip, update or create' }).default('skip'),
    })
    .strict(),
  output: importReport,
});
