import { PassThrough } from 'node:stream';
import { fullNameOf } from '@app/contract/conventions/common';
import { candidate } from '@app/contract/resources/crm/candidate';
import {
  candidateImport,
  candidateImportPreview,
  type DuplicateHandling,
  type ImportField,
  type ImportReport,
  type ImportRowReport,
  importFieldLabels,
  importFields,
  importMappingProblems,
  importMaxBytes,
  importMaxRows,
} from '@app/contract/resources/crm/candidate-import';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidates, crmNoticePeriods } from '../../db/schema/candidates';
import { skills as skillsTable } from '../../db/schema/lookups';
import type { Caller, Scope } from '../../engine/context';
import { badRequest, HttpError } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { fieldErrors } from '../../engine/validate';
import { emailKey, phoneKey } from './candidate-contact-keys';
import { syncFromCandidate } from './candidate-profile-sync';
import { candidateRepository, derivedColumns } from './candidate-repository';
import { ensureNoticePeriods } from './candidates';

type Values = Record<string, unknown>;
type Problem = { field: string; message: string };

/** A parsed file: its header, and each data row with the line it ends on (what a person finds it by). */
type Table = { headers: string[]; rows: { line: number; cells: string[] }[]; delimiter: string };

const looksLikeData = (cell: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cell) || /^\+?[\d\s().-]{7,}$/.test(cell);

/** The delimiter the header line uses most, outside quotes: `,` by default, `;` as Excel writes in much of Europe, or a tab. */
const delimiterOf = (text: string) => {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char] = (counts[char] ?? 0) + 1;
  }
  const [best] = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
};

const lineOfIndex = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The line of the quote left open at the end of the text (the parser only knows where the text ended). */
const openingQuoteLine = (text: string) => {
  let opened: number | undefined;
  for (let i = 0; i < text.length; i++) if (text[i] === '"') opened = opened === undefined ? i : undefined;
  return opened === undefined ? undefined : lineOfIndex(text, opened);
};

/** What went wrong in a malformed file, said with its line, for a person holding the file. */
const csvErrorMessage = (text: string, error: CsvError & { lines?: number }) => {
  const line = error.lines ?? 0;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `Line ${openingQuoteLine(text) ?? line}: a quoted value is never closed (a " is missing)`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `Line ${line}: a quote inside a value must be doubled ("")`;
    default:
      return `Line ${line}: ${error.message}`;
  }
};

/**
 * Reads the CSV text as a spreadsheet would write it (quoted fields, doubled quotes, a BOM, CRLF,
 * `,` `;` or tab), refusing with a 400 that names the line anything it cannot read whole: nothing
 * is imported from a file that is not all there.
 */
export const readCsv = (text: string): Table => {
  if (Buffer.byteLength(text, 'utf8') > importMaxBytes) throw new HttpError(413, 'The file is larger than 10 MB');
  if (text.replace(/^\uFEFF/, '').trim() === '') throw badRequest('The file is empty', [{ field: 'csv', message: 'The file is empty' }]);
  const replaced = text.indexOf('\uFFFD');
  if (replaced >= 0) {
    const message = `Line ${lineOfIndex(text, replaced)}: the file is not UTF-8 text; save it as "CSV UTF-8" and try again`;
    throw badRequest(message, [{ field: 'csv', message }]);
  }
  const delimiter = delimiterOf(text.replace(/^\uFEFF/, ''));
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      skip_empty_lines: true,
      info: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const message = csvErrorMessage(text, error as CsvError & { lines?: number });
      throw badRequest(message, [{ field: 'csv', message }]);
    }
    throw error;
  }
  const [head, ...body] = records;
  const headers = (head?.record ?? []).map((cell) => cell.trim());
  const refuse = (message: string) => badRequest(message, [{ field: 'csv', message }]);
  if (headers.every((cell) => cell === '')) throw refuse('Line 1 must be the header row naming each column');
  if (headers.some(looksLikeData)) {
    throw refuse("Line 1 must be the header row naming each column, but it looks like a candidate's details");
  }
  const blank = headers.indexOf('');
  if (blank >= 0) throw refuse(`Line 1: column ${blank + 1} has no name in the header row`);
  const twice = headers.find((cell, i) => headers.indexOf(cell) !== i);
  if (twice) throw refuse(`Line 1: the column "${twice}" appears twice in the header row`);
  const uneven = body.find(({ record }) => record.length !== headers.length && record.some((cell) => cell.trim() !== ''));
  if (uneven) {
    const count = uneven.record.length;
    throw refuse(
      `Line ${uneven.info.lines} has ${count} ${count === 1 ? 'value' : 'values'} but the header row has ${headers.length} columns`,
    );
  }
  const rows = body
    .map(({ record, info }) => ({ line: info.lines, cells: record }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw refuse('The file has a header row but no candidates');
  if (rows.length > importMaxRows)
    throw refuse(`The file has more than ${importMaxRows.toLocaleString('en-GB')} rows; split it into smaller files`);
  return { headers, rows, delimiter };
};

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
  input: { organisationId: string; skillNames: string[]; needNotice: boolean },
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
    await ensureNoticePeriods(db, input.organisationId);
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
const checkMapping = (table: Table, mapping: Record<string, ImportField | null>) => {
  const problems = importMappingProblems(mapping);
  const unknown = Object.keys(mapping).filter((header) => mapping[header] && !table.headers.includes(header));
  for (const header of unknown) problems.unshift(`The file has no column "${header}"`);
  if (problems.length > 0)
    throw badRequest(
      problems[0] as string,
      problems.map((message) => ({ field: 'mapping', message })),
    );
};

type Planned = ImportRowReport & { values?: Values; sent?: Values; target?: string };

/** The organisation's live candidates sharing any of these email or phone keys, in batches, each marked whether the caller may edit it. */
const candidatesByKeys = async (db: Executor, scope: Scope, input: { organisationId: string; emails: string[]; phones: string[] }) => {
  const found = new Map<
    string,
    { _id: string; itemId: ImportRowReport['duplicates'][number]['itemId']; visible: boolean; email: string; phone: string }
  >();
  const visible = sql<boolean>`coalesce((${and(...candidateRepository.scopeWhere(scope))}), false)`;
  const chunk = 4000;
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
const plan = async (
  db: Executor,
  input: { scope: Scope; organisationId: string; table: Table; mapping: Record<string, ImportField | null>; duplicates: DuplicateHandling },
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
    organisationId: input.organisationId,
    skillNames,
    needNotice: columns.some((c) => c.field === 'noticePeriod'),
  });

  const planned: Planned[] = table.rows.map((row, i) => {
    const { input: given, problems: own, warnings } = rowInput(cellsOfRows[i] ?? {}, lookups);
    const parsed = candidate.create.safeParse(given);
    // One message per field, the first failing rule's, as the form shows it.
    const rowProblems = [...own, ...(parsed.success ? [] : fieldErrors(parsed.error))]
      .filter((p, k, all) => all.findIndex((o) => o.field === p.field) === k)
      .map((p) => ({ field: columnOf(p.field), message: p.message }));
    const values = parsed.success ? (parsed.data as Values) : undefined;
    const name = fullNameOf((values?.name ?? given.name ?? null) as never);
    return {
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
    };
  });

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

const reportOf = (planned: Planned[], dryRun: boolean): ImportReport => {
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
  };
};

/** An existing candidate's update from a row: only the cells the file fills; address and preferences merged into what is there. */
const updateValues = (before: Values, sent: Values, values: Values) => {
  const patch: Values = {};
  for (const key of Object.keys(sent)) patch[key] = values[key];
  if (sent.name) {
    const name = { ...((before.name as Values) ?? {}), ...(values.name as Values) };
    patch.name = { ...name, fullName: fullNameOf(name as never) };
  }
  if (sent.address) patch.address = { ...((before.address as Values) ?? {}), ...(values.address as Values) };
  if (sent.preferences) {
    const only = Object.fromEntries(Object.keys(sent.preferences as Values).map((k) => [k, (values.preferences as Values)[k]]));
    patch.preferences = { ...((before.preferences as Values) ?? {}), ...only };
  }
  return patch;
};

/** The writes of a real run, in the call's one transaction: the creates in a few batched statements, then each update through the repository. */
const write = async (
  db: Executor,
  input: { caller: Caller; scope: Scope; planned: Planned[]; progress: (processed: number, total: number) => void },
) => {
  const { caller, scope, planned } = input;
  const creates = planned.filter((p) => p.outcome === 'create');
  const updates = planned.filter((p) => p.outcome === 'update');
  const total = creates.length + updates.length;
  const made = await candidateRepository.createMany(db, {
    caller,
    scope,
    values: creates.map((p) => ({ ...(p.values as Values), ...derivedColumns(p.values as Values) })),
    onBatch: (done) => input.progress(done, total),
  });
  made.forEach((record, i) => {
    (creates[i] as Planned).candidateId = record._id;
  });
  let done = creates.length;
  for (const p of updates) {
    const before = await candidateRepository.get(db, scope, p.target as string);
    const patch = updateValues(before, p.sent as Values, p.values as Values);
    const record = await candidateRepository.update(db, {
      caller,
      scope,
      id: p.target as string,
      values: { ...patch, ...derivedColumns({ ...before, ...patch }) },
    });
    if (record.userId) await syncFromCandidate(db, { caller, candidateId: record._id, userId: record.userId as string, values: patch });
    p.candidateId = record._id;
    done += 1;
    if (done % 200 === 0 || done === total) input.progress(done, total);
  }
};

/** The import and its preview (an extra pair of calls beside the spec's; see README). */
export const registerCandidateImport = (app: FastifyInstance) => {
  // JSON escaping can grow the text: room for a 10 MB file written with many quotes.
  const bodyLimit = 3 * importMaxBytes;
  registerCall(app, { ...candidateImportPreview, tenancy: 'organisation', transaction: false, bodyLimit }, async ({ input }) => {
    const table = readCsv(input.csv);
    return {
      headers: table.headers,
      rows: table.rows.slice(0, 5).map((row) => table.headers.map((_, i) => row.cells[i] ?? '')),
      totalRows: table.rows.length,
      delimiter: table.delimiter,
      suggested: suggestMapping(table.headers),
    };
  });

  registerCall(app, { ...candidateImport, tenancy: 'organisation', transaction: false, bodyLimit }, async (ctx) => {
    const { input, req, reply } = ctx;
    const caller = ctx.caller as Caller;
    const scope = ctx.scope;
    const organisationId = scope.organisationId as string;
    const table = readCsv(input.csv);
    const mapping = input.mapping as Record<string, ImportField | null>;
    checkMapping(table, mapping);
    if (input.dryRun) {
      const planned = await plan(ctx.db, { scope, organisationId, table, mapping, duplicates: input.duplicates });
      const report = reportOf(planned, true);
      return new Answer(
        report,
        `Dry run: ${report.created} to create, ${report.updated} to update, ${report.skipped} to skip, ${report.failed} with problems`,
      );
    }
    const run = async (progress: (processed: number, total: number) => void) => {
      const report = await ctx.transaction(async (tx) => {
        // Two imports of one organisation at once would each miss the other's duplicates: one at a time.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`candidate-import:${organisationId}`}))`);
        const planned = await plan(tx, { scope, organisationId, table, mapping, duplicates: input.duplicates });
        await write(tx, { caller, scope, planned, progress });
        return reportOf(planned, false);
      });
      return report;
    };
    const message = (report: ImportReport) =>
      `Imported: ${report.created} created, ${report.updated} updated, ${report.skipped} skipped, ${report.failed} failed`;
    if (!String(req.headers.accept ?? '').includes('application/x-ndjson')) {
      const report = await run(() => undefined);
      return new Answer(report, message(report));
    }
    // Streamed: progress lines while the transaction runs, then the report (or the error) as the last line.
    const stream = new PassThrough();
    reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store');
    reply.send(stream);
    const line = (value: unknown) => stream.write(`${JSON.stringify(value)}\n`);
    try {
      const report = await run((processed, total) => line({ processed, total }));
      line({ message: message(report), report: { ...report, rows: report.rows.map((row) => ({ ...row })) } });
    } catch (error) {
      const known = error instanceof HttpError;
      if (!known) req.log.error({ err: error }, 'candidate import failed');
      line({ error: { code: known ? error.status : 500, message: known ? error.message : 'Something went wrong; nothing was imported' } });
    }
    stream.end();
    return reply;
  });
};
