/**
 * `npm run eval:parser`: reads every résumé of eval/resumes/files as the parse call does (the same
 * text extraction, the same parser, the seeded skills lookup and the gazetteer) and prints each
 * field's accuracy against the expected JSON beside it:
 * - name, email, phone: the share of résumés where it is exactly right (a phone compared by its
 *   digits, +44 read as 0 and "(0)" dropped);
 * - skills: F1 of the labels found against those printed (case-insensitive), averaged over résumés;
 * - work-history companies and titles, education institutions: per résumé, the ones found exactly
 *   (case-insensitive) over the larger of found and expected, averaged over résumés.
 * `--verbose` prints each miss.
 */
import fs from 'node:fs';
import path from 'node:path';
import { slugify } from '@app/contract/conventions/career';
import { layoutOrError, placeTestOf } from '../src/areas/crm/resume-parsing';
import { skillLabels } from '../src/db/seed-lookups';
import { createGazetteer } from '../src/services/gazetteer';
import { parseResume, type ResumeDraft } from '../src/services/resume-parsing/parse';
import { readResumeLayout } from '../src/services/resume-parsing/read';
import type { Expected } from './resumes/generate';

const folder = path.join(import.meta.dirname, 'resumes', 'files');
const verbose = process.argv.includes('--verbose');

const mimeTypes: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

const phoneDigits = (phone: string | null) =>
  (phone ?? '')
    .replace(/\(0\)/, '')
    .replace(/\D/g, '')
    .replace(/^(?:00)?44/, '0');

const lower = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

/** Found over the larger of found and expected, each expected value matched once. */
const overlap = (found: (string | null)[], expected: string[]) => {
  if (!found.length && !expected.length) return 1;
  const pool = expected.map(lower);
  let hits = 0;
  for (const value of found.map(lower)) {
    const at = pool.indexOf(value);
    if (at >= 0) {
      hits++;
      pool.splice(at, 1);
    }
  }
  return hits / Math.max(found.length, expected.length);
};

const f1 = (found: string[], expected: string[]) => {
  const a = new Set(found.map(lower));
  const b = new Set(expected.map(lower));
  if (!a.size && !b.size) return 1;
  const hits = [...a].filter((value) => b.has(value)).length;
  if (!hits) return 0;
  const precision = hits / a.size;
  const recall = hits / b.size;
  return (2 * precision * recall) / (precision + recall);
};

const fields = ['name', 'email', 'phone', 'skills (F1)', 'companies', 'job titles', 'institutions'] as const;
type Field = (typeof fields)[number];

const scoreOf = (draft: ResumeDraft, expected: Expected): Record<Field, number> => ({
  name: draft.name?.first === expected.name.first && draft.name?.last === expected.name.last ? 1 : 0,
  email: lower(draft.email) === lower(expected.email) ? 1 : 0,
  phone: phoneDigits(draft.phone) === phoneDigits(expected.phone) ? 1 : 0,
  'skills (F1)': f1(
    draft.skills.map((skill) => skill.label),
    expected.skills,
  ),
  companies: overlap(
    draft.workHistory.map((item) => item.organization),
    expected.workHistory.map((item) => item.organization),
  ),
  'job titles': overlap(
    draft.workHistory.map((item) => item.jobTitle),
    expected.workHistory.map((item) => item.jobTitle),
  ),
  institutions: overlap(
    draft.education.map((item) => item.organization),
    expected.education.map((item) => item.organization),
  ),
});

const main = async () => {
  const gazetteer = createGazetteer();
  const lookup = skillLabels.map(([label], index) => ({ _id: String(index), label, value: slugify(label) }));
  const expectedFiles = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.expected.json'))
    .sort();
  const totals = Object.fromEntries(fields.map((field) => [field, 0])) as Record<Field, number>;
  const byLayout = new Map<string, { count: number; totals: Record<Field, number> }>();
  for (const name of expectedFiles) {
    const expected = JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as Expected;
    const extension = expected.file.split('.').pop() as string;
    const layout = layoutOrError(await readResumeLayout(fs.readFileSync(path.join(folder, expected.file)), mimeTypes[extension] as string));
    const draft = parseResume(layout, { skills: lookup, isPlace: placeTestOf(gazetteer) });
    const score = scoreOf(draft, expected);
    const group = byLayout.get(expected.layout) ?? {
      count: 0,
      totals: Object.fromEntries(fields.map((field) => [field, 0])) as Record<Field, number>,
    };
    group.count++;
    byLayout.set(expected.layout, group);
    for (const field of fields) {
      totals[field] += score[field];
      group.totals[field] += score[field];
      if (verbose && score[field] < 1) {
        const found = {
          name: draft.name,
          email: draft.email,
          phone: draft.phone,
          'skills (F1)': draft.skills.map((skill) => skill.label),
          companies: draft.workHistory.map((item) => item.organization),
          'job titles': draft.workHistory.map((item) => item.jobTitle),
          institutions: draft.education.map((item) => item.organization),
        }[field];
        const wanted = {
          name: expected.name,
          email: expected.email,
          phone: expected.phone,
          'skills (F1)': expected.skills,
          companies: expected.workHistory.map((item) => item.organization),
          'job titles': expected.workHistory.map((item) => item.jobTitle),
          institutions: expected.education.map((item) => item.organization),
        }[field];
        console.log(`${expected.file} ${field}: found ${JSON.stringify(found)}, expected ${JSON.stringify(wanted)}`);
      }
    }
  }
  const percent = (value: number, count: number) => `${((100 * value) / count).toFixed(1)} %`;
  console.log(`Résumé parser on ${expectedFiles.length} résumés (${[...byLayout.keys()].join(', ')}):`);
  for (const field of fields) console.log(`  ${field.padEnd(14)} ${percent(totals[field], expectedFiles.length).padStart(8)}`);
  console.log('By layout:');
  console.log(`  ${'layout'.padEnd(10)}${fields.map((field) => field.slice(0, 10).padStart(12)).join('')}`);
  for (const [layout, group] of byLayout) {
    console.log(`  ${layout.padEnd(10)}${fields.map((field) => percent(group.totals[field], group.count).padStart(12)).join('')}`);
  }
};

await main();
