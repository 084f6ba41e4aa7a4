import { fullNameOf } from '@app/contract/conventions/common';
import { candidate } from '@app/contract/resources/crm/candidate';
import {
  type DuplicateHandling,
  type ImportField,
  type ImportReport,
  type ImportRowReport,
  importFieldLabels,
  importFields,
  importMappingProblems,
} from '@app/contract/resources/crm/candidate-import';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidates, crmNoticePeriods } from '../../db/schema/candidates';
import { skills as skillsTable } from '../../db/schema/lookups';
import type { Scope } from '../../engine/context';
import { badRequest } from '../../engine/errors';
import { takingTurns } from '../../engine/long-work';
import type { Writer } from '../../engine/resource-hooks';
import { fieldErrors } from '../../engine/validate';
import { emailKey, phoneKey } from './candidate-contact-keys';
import type { Table } from './candidate-import-csv';
import { candidateRepository } from './candidate-repository';
import { ensureNoticePeriods } from './candidates';

export type Values = Record<string, unknown>;
type Problem = { field: string; message: string };

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Header names recruiters' files use (Bullhorn's, LinkedIn's, Excel's), squashed to letters and digits. */
const synonyms: Record<ImportField, string[]> = {
  name: ['name', 'fullname', 'candidatename', 'candidate', 'contactname'],
  firstName: ['firstname', 'forename', 'givenname', 'first'],
  lastName: ['lastname', 'surname', 'familyname', 'last'],
  email: ['email', 'emailaddress', 'mail', 'email1', 'primaryemail', 'personalemail'],
  phone: [
    'phone',
    'phonenumber',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'telephone',
    'tel',
    'cell',
    'cellphone',
    'contactnumber',
    'phone1',
  ],
  street: ['street', 'address', 'address1', 'addressline1', 'streetaddress'],
  city: ['city', 'town', 'towncity'],
  county: ['county', 'state', 'region', 'province'],
  postCode: ['postcode', 'zip', 'zipcode', 'postalcode'],
  country: ['country'],
  about: ['about', 'summary', 'bio', 'description', 'profile'],
  linkedInLink: ['linkedin', 'linkedinurl', 'linkedinprofile', 'linkedinlink'],
  gitHubLink: ['github', 'githuburl', 'githublink', 'githubprofile'],
  status: ['status'],
  skills: ['skills', 'skill', 'keyskills', 'skillset'],
  currentJobTitle: ['currentjobtitle', 'jobtitle', 'currenttitle', 'occupation', 'position', 'currentposition'],
  desiredJobTitle: ['desiredjobtitle', 'desiredtitle', 'desiredposition', 'targetjobtitle'],
  expectedSalaryMin: ['expectedsalary', 'salary', 'desiredsalary', 'expectedsalarymin', 'salaryfrom', 'minsalary', 'salarymin'],
  expectedSalaryMax: ['expectedsalarymax', 'salaryto', 'maxsalary', 'salarymax'],
  noticePeriod: ['noticeperiod', 'notice', 'availability'],
  willingToRelocate: ['willingtorelocate', 'relocate', 'relocation', 'willrelocate'],
  ukDrivingLicence: ['ukdrivinglicence', 'drivinglicence', 'drivinglicense', 'licence', 'license'],
};

/** The field each header most likely is (by name), each field at most once, the leftmost column winning. */
export const suggestMapping = (headers: string[]) => {
  const taken = new Set<ImportField>();
  const mapping: Record<string, ImportField | null> = {};
  for (const header of headers) {
    const key = squash(header);
    const field = importFields.find(
      (f) => !taken.has(f) && (synonyms[f].includes(key) || squash(importFieldLabels[f]) === key || squash(f) === key),
    );
    // A full name and its parts do not go together: parts found first win over a later "Name".
    const clash =
      (field === 'name' && (taken.has('firstName') || taken.has('lastName'))) ||
      ((field === 'firstName' || field === 'lastName') && taken.has('name'));
    mapping[header] = field && !clash ? field : null;
    if (field && !clash) taken.add(field);
  }
  return mapping;
};

const yes = new Set(['yes', 'y', 'true', '1']);
const no = new Set(['no', 'n', 'false', '0']);

/** What the file's lookups are named by: the platform's skills and the organisation's notice periods, read once. */
type Lookups = { skillByName: Map<string, { skillId: string; label: string }>; noticeByLabel: Map<string, string> };

const loadLookups = async (
  db: Executor,
  input: { writer: Writer; organisationId: string; skillNames: string[]; needNotice: boolean },
): Promise<Lookups> => {
  const skillByName = new Map<string, { skillId: string; label: string }>();
  const names = [...new Set(input.skillNames.map((name) => name.toLowerCase()))];
  for (let start = 0; start < names.length; start += 5000) {
    const chunk = names.slice(start, start + 5000);
    const rows = await db
      .select({ id: skillsTable.id, label: skillsTable.label, value: skillsTable.value })
      .from(skillsTable)
      .where(
        and(
          eq(skillsTable.isDeleted, false),
          or(inArray(sql`lower(${skillsTable.label})`, chunk), inArray(sql`lower(${skillsTable.value})`, chunk)),
        ),
      );
    for (const row of rows) {
      skillByName.set(row.label.toLowerCase(), { skillId: row.id, label: row.label });
      if (!skillByName.has(row.value.toLowerCase())) skillByName.set(row.value.toLowerCase(), { skillId: row.id, label: row.label });
    }
  }
  const noticeByLabel = new Map<string, string>();
  if (input.needNotice) {
    await ensureNoticePeriods(db, { ...input.writer, organisationId: input.organisationId });
    const periods = await db
      .select({ id: crmNoticePeriods.id, label: crmNoticePeriods.label })
      .from(crmNoticePeriods)
      .where(and(eq(crmNoticePeriods.organisationId, input.organisationId), eq(crmNoticePeriods.isDeleted, false)));
    for (const period of periods) noticeByLabel.set(period.label.trim().toLowerCase(), period.id);
  }
  return { skillByName, noticeByLabel };
};

const money = (text: string) => {
  const cleaned = text.replace(/[£$€,\s]/g, '').toLowerCase();
  const thousands = cleaned.endsWith('k');
  const value = Number(thousands ? cleaned.slice(0, -1) : cleaned);
  return Number.isFinite(value) && cleaned !== '' ? value * (thousands ? 1000 : 1) : undefined;
};

/** One data row as a candidate create's input: only what the file says, and what it says that cannot be used. */
const rowInput = (cellsOf: Partial<Record<ImportField, string>>, lookups: Lookups) => {
  const input: Values = {};
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const cell = (field: ImportField) => cellsOf[field];
  if ('name' in cellsOf || 'firstName' in cellsOf) {
    const whole = cell('name');
    const [first, ...rest] = (whole ?? '').split(/\s+/).filter(Boolean);
    const name: Values = whole !== undefined || !('firstName' in cellsOf) ? { first: first ?? '' } : { first: cell('firstName') ?? '' };
    const last = whole !== undefined ? rest.join(' ') : cell('lastName');
    if (last) name.last = last;
    input.name = name;
  }
  if ('email' in cellsOf) input.email = cell('email') ?? '';
  if ('phone' in cellsOf) input.phone = cell('phone') ?? '';
  const address: Values = {};
  for (const part of ['street', 'city', 'county', 'postCode', 'country'] as const) if (cell(part)) address[part] = cell(part);
  if (Object.keys(address).length > 0) input.address = address;
  for (const field of ['about', 'linkedInLink', 'gitHubLink'] as const) if (cell(field)) input[field] = cell(field);
  const status = cell('status');
  if (status) input.status = status.toUpperCase();
  const skillCell = cell('skills');
  if (skillCell) {
    const chosen: { skillId: string; label: string }[] = [];
    for (const name of skillCell
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      const found = lookups.skillByName.get(name.toLowerCase());
      if (!found) warnings.push({ field: 'skills', message: `Skill "${name}" is not in the skills list; left out` });
      else if (!chosen.some((s) => s.skillId === found.skillId)) chosen.push(found);
    }
    input.skills = chosen.map((s) => ({ ...s, rating: 3 }));
  }
  const preferences: Values = {};
  for (const field of ['currentJobTitle', 'desiredJobTitle'] as const) if (cell(field)) preferences[field] = cell(field);
  const salary: Values = {};
  for (const [field, key] of [
    ['expectedSalaryMin', 'min'],
    ['expectedSalaryMax', 'max'],
  ] as const) {
    const text = cell(field);
    if (!text) continue;
    const value = money(text);
    if (value === undefined) problems.push({ field: `preferences.expectedSalary.${key}`, message: 'Expected salary must be a number' });
    else salary[key] = value;
  }
  if (Object.keys(salary).length > 0) preferences.expectedSalary = { ...salary, duration: 'YEAR' };
  const notice = cell('noticePeriod');
  if (notice) {
    const id = lookups.noticeByLabel.get(notice.toLowerCase());
    if (id) preferences.noticePeriodId = id;
    else
      warnings.push({
        field: 'preferences.noticePeriodId',
        message: `Notice period "${notice}" is not one of the organisation's; left out`,
      });
  }
  for (const field of ['willingToRelocate', 'ukDrivingLicence'] as const) {
    const text = cell(field)?.toLowerCase();
    if (!text) continue;
    if (yes.has(text)) preferences[field] = true;
    else if (no.has(text)) preferences[field] = false;
    else problems.push({ field: `preferences.${field}`, message: `${importFieldLabels[field]} must be yes or no` });
  }
  if (Object.keys(preferences).length > 0) input.preferences = preferences;
  return { input, problems, warnings };
};

/** A mapping that names a column the file lacks, a field twice, or not the required ones is a 400 before anything is read. */
export const checkMapping = (table: Table, mapping: Record<string, ImportField | null>) => {
  const problems = importMappingProblems(mapping);
  const unknown = Object.keys(mapping).filter((header) => mapping[header] && !table.headers.includes(header));
  for (const header of unknown) problems.unshift(`The file has no column "${header}"`);
  if (problems.length > 0)
    throw badRequest(
      problems[0] as string,
      problems.map((message) => ({ field: 'mapping', message })),
    );
};

export type Planned = ImportRowReport & { values?: Values; sent?: Values; target?: string };

/** The organisation's live candidates sharing any of these email or phone keys, in batches, each marked whether the caller may edit it. */
const candidatesByKeys = async (db: Executor, scope: Scope, input: { organisationId: string; emails: string[]; phones: string[] }) => {
  const found = new Map<
    string,
    { _id: string; itemId: ImportRowReport['duplicates'][number]['itemId']; visible: boolean; email: string; phone: string }
  >();
  const visible = sql<boolean>`coalesce((${and(...candidateRepository.scopeWhere(scope))}), false)`;
  // Small enough that one lookup is a short statement: on the embedded database every other
  // request's statements wait while it runs.
  const chunk = 500;
  for (let start = 0; start < Math.max(input.emails.length, input.phones.length); start += chunk) {
    const emails = input.emails.slice(start, start + chunk);
    const phones = input.phones.slice(start, start + chunk);
    const rows = await db
      .select({
        _id: candidates.id,
        itemId: candidates.itemId,
        visible,
        email: candidates.emailNormalised,
        phone: candidates.phoneNormalised,
      })
      .from(candidates)
      .where(
        and(
          eq(candidates.organisationId, input.organisationId),
          eq(candidates.isDeleted, false),
          or(
            emails.length ? inArray(candidates.emailNormalised, emails) : sql`false`,
            phones.length ? inArray(candidates.phoneNormalised, phones) : sql`false`,
          ),
        ),
      )
      .orderBy(asc(candidates.createdAt), asc(candidates.id));
    for (const row of rows) found.set(row._id, { ...row, itemId: (row.itemId as never) ?? null });
  }
  const byEmail = new Map<string, (typeof found extends Map<string, infer V> ? V : never)[]>();
  const byPhone = new Map<string, (typeof found extends Map<string, infer V> ? V : never)[]>();
  for (const row of found.values()) {
    byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
    if (row.phone) byPhone.set(row.phone, [...(byPhone.get(row.phone) ?? []), row]);
  }
  return { byEmail, byPhone };
};

/**
 * Every row's fate: its problems by the create form's own rules, then the organisation's candidates
 * and the file's earlier rows sharing its email or phone, and what the chosen duplicate handling
 * does with them. Reads only.
 */
export const plan = async (
  db: Executor,
  input: {
    writer: Writer;
    scope: Scope;
    organisationId: string;
    table: Table;
    mapping: Record<string, ImportField | null>;
    duplicates: DuplicateHandling;
  },
) => {
  const { table, mapping } = input;
  checkMapping(table, mapping);
  const columns = table.headers
    .map((header, index) => ({ header, index, field: mapping[header] ?? null }))
    .filter((c): c is { header: string; index: number; field: ImportField } => c.field !== null);
  const columnOf = (path: string) => {
    const root = path.split('.')[0];
    const leaf = path.split('.').at(-1);
    const field =
      path === 'name.first'
        ? columns.find((c) => c.field === 'name' || c.field === 'firstName')
        : root === 'preferences'
          ? columns.find(
              (c) =>
                c.field === leaf ||
                (leaf === 'noticePeriodId' && c.field === 'noticePeriod') ||
                c.field.startsWith(`expectedSalary${leaf === 'min' ? 'Min' : 'Max'}`),
            )
          : root === 'address'
            ? columns.find((c) => c.field === leaf)
            : columns.find((c) => c.field === root);
    return field?.header ?? path;
  };
  const cellsOfRows = table.rows.map((row) => {
    const cells: Partial<Record<ImportField, string>> = {};
    for (const column of columns) {
      const value = (row.cells[column.index] ?? '').trim();
      cells[column.field] = value === '' ? undefined : value;
    }
    return cells;
  });
  const skillNames = cellsOfRows.flatMap((cells) =>
    (cells.skills ?? '')
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const lookups = await loadLookups(db, {
    writer: input.writer,
    organisationId: input.organisationId,
    skillNames,
    needNotice: columns.some((c) => c.field === 'noticePeriod'),
  });

  // Checking 20,000 rows takes a while: other requests are answered between slices of it.
  const turn = takingTurns();
  const planned: Planned[] = [];
  for (const [i, row] of table.rows.entries()) {
    await turn();
    const { input: given, problems: own, warnings } = rowInput(cellsOfRows[i] ?? {}, lookups);
    const parsed = candidate.create.safeParse(given);
    // One message per field, the first failing rule's, as the form shows it.
    const rowProblems = [...own, ...(parsed.success ? [] : fieldErrors(parsed.error))]
      .filter((p, k, all) => all.findIndex((o) => o.field === p.field) === k)
      .map((p) => ({ field: columnOf(p.field), message: p.message }));
    const values = parsed.success ? (parsed.data as Values) : undefined;
    const name = fullNameOf((values?.name ?? given.name ?? null) as never);
    planned.push({
      row: row.line,
      outcome: rowProblems.length > 0 ? 'error' : 'create',
      problems: rowProblems,
      warnings: warnings.map((w) => ({ field: columnOf(w.field), message: w.message })),
      name: name || null,
      email: values ? String(values.email) : ((given.email as string | undefined) ?? null),
      duplicates: [],
      sameAsRow: null,
      candidateId: null,
      values,
      sent: given,
    });
  }

  const keyed = planned
    .filter((p) => p.values)
    .map((p) => ({ p, email: emailKey(String(p.values?.email)), phone: phoneKey(String(p.values?.phone)) }));
  const existing = await candidatesByKeys(db, input.scope, {
    organisationId: input.organisationId,
    emails: [...new Set(keyed.map((k) => k.email))],
    phones: [...new Set(keyed.map((k) => k.phone).filter(Boolean))],
  });
  const firstRowByEmail = new Map<string, number>();
  const firstRowByPhone = new Map<string, number>();
  const updatedBy = new Map<string, number>();
  for (const { p, email, phone } of keyed) {
    await turn();
    const earlier = firstRowByEmail.get(email) ?? (phone ? firstRowByPhone.get(phone) : undefined) ?? null;
    if (!firstRowByEmail.has(email)) firstRowByEmail.set(email, p.row);
    if (phone && !firstRowByPhone.has(phone)) firstRowByPhone.set(phone, p.row);
    const matches = [...(existing.byEmail.get(email) ?? []), ...(phone ? (existing.byPhone.get(phone) ?? []) : [])].filter(
      (m, i, all) => all.findIndex((o) => o._id === m._id) === i,
    );
    p.duplicates = matches.map((m) => ({ _id: m._id, itemId: m.itemId, visible: m.visible }));
    p.sameAsRow = earlier;
    if (input.duplicates === 'create') continue;
    if (earlier !== null) {
      p.outcome = 'skip';
      continue;
    }
    if (matches.length === 0) continue;
    if (input.duplicates === 'skip') {
      p.outcome = 'skip';
      continue;
    }
    const target = matches.find((m) => m.visible);
    const number = (m: (typeof matches)[number]) => m.itemId?.combined ?? m._id;
    if (!target) {
      p.outcome = 'skip';
      p.warnings.push({ field: '', message: `Matches ${matches.map(number).join(', ')}, which you may not edit` });
    } else if (updatedBy.has(target._id)) {
      p.outcome = 'skip';
      p.warnings.push({ field: '', message: `${number(target)} is already updated from row ${updatedBy.get(target._id)}` });
    } else {
      p.outcome = 'update';
      p.target = target._id;
      updatedBy.set(target._id, p.row);
    }
  }
  return planned;
};

/** What a batch's second look changes in a planned row, applied once the batch commits. */
export type Recheck = { p: Planned; duplicates: Planned['duplicates']; warning: string };

/**
 * A real run writes in short transactions (candidate-import.ts), and between the plan and a batch
 * someone may have added a candidate sharing a row's email or phone, or deleted (or taken out of
 * the caller's reach) the one a row updates. Under the organisation's import lock, this looks again
 * at the batch's rows: such a row is skipped, saying why. `known` holds the candidates the plan
 * already saw and those this run made, which are no news.
 */
export const recheck = async (
  db: Executor,
  input: { scope: Scope; organisationId: string; batch: Planned[]; duplicates: DuplicateHandling; known: Set<string> },
): Promise<Recheck[]> => {
  const changes: Recheck[] = [];
  const creates = input.duplicates === 'create' ? [] : input.batch.filter((p) => p.outcome === 'create' && p.values);
  if (creates.length > 0) {
    const keyed = creates.map((p) => ({ p, email: emailKey(String(p.values?.email)), phone: phoneKey(String(p.values?.phone)) }));
    const found = await candidatesByKeys(db, input.scope, {
      organisationId: input.organisationId,
      emails: [...new Set(keyed.map((k) => k.email))],
      phones: [...new Set(keyed.map((k) => k.phone).filter(Boolean))],
    });
    for (const { p, email, phone } of keyed) {
      const added = [...(found.byEmail.get(email) ?? []), ...(phone ? (found.byPhone.get(phone) ?? []) : [])].filter(
        (m, i, all) => !input.known.has(m._id) && all.findIndex((o) => o._id === m._id) === i,
      );
      if (added.length === 0) continue;
      changes.push({
        p,
        duplicates: [...p.duplicates, ...added.map((m) => ({ _id: m._id, itemId: m.itemId, visible: m.visible }))],
        warning: `Matches ${added.map((m) => m.itemId?.combined ?? m._id).join(', ')}, added while the file was being imported`,
      });
    }
  }
  const updates = input.batch.filter((p) => p.outcome === 'update');
  if (updates.length > 0) {
    const ids = updates.map((p) => p.target as string);
    const still = new Set(await candidateRepository.matchingIds(db, input.scope, { ids, limit: ids.length }));
    for (const p of updates) {
      if (still.has(p.target as string)) continue;
      const target = p.duplicates.find((d) => d._id === p.target);
      changes.push({
        p,
        duplicates: p.duplicates,
        warning: `${target?.itemId?.combined ?? p.target} was deleted or is no longer yours to edit; left alone`,
      });
    }
  }
  return changes;
};

export const reportOf = (planned: Planned[], dryRun: boolean, stopped: ImportReport['stopped'] = null): ImportReport => {
  const count = (outcome: ImportRowReport['outcome']) => planned.filter((p) => p.outcome === outcome).length;
  return {
    dryRun,
    totalRows: planned.length,
    created: count('create'),
    updated: count('update'),
    skipped: count('skip'),
    failed: count('error'),
    rows: planned
      .filter((p) => p.outcome !== 'create' || p.warnings.length > 0 || p.duplicates.length > 0 || p.sameAsRow !== null)
      .map(({ values: _values, sent: _sent, target: _target, ...row }) => row),
    stopped,
  };
};
