/**
 * A résumé's text as lines in reading order, the parser's only input (parse.ts). A PDF's runs come
 * with their places (services/documents/cv-text.ts reads them); here they become lines:
 * - runs on one baseline join into one line; a wide gap between them (a table's cells, a date set
 *   to the right) keeps them apart as cells;
 * - a page in two columns (a sidebar beside the main text) is read a column at a time: a vertical
 *   gutter no run crosses, with section headings on both sides of it. A gutter with headings on one
 *   side only is a label column (headings beside their text, dates beside their entries), read row
 *   by row;
 * - a letter-spaced heading ("E X P E R I E N C E") is closed up ("EXPERIENCE").
 * A Word file's paragraphs are lines already (a tab separates cells).
 */
import type { LaidOutPage, PlacedRun } from '@app/documents/cv/redacted';

export type TextLine = {
  /** The cells joined by a space. */
  text: string;
  /** The parts of the line set apart by a wide gap (one for most lines). */
  cells: string[];
  /** Each cell's largest font size, in points (0 when not known). */
  sizes: number[];
  /** In points; 0 when not known (a Word file). */
  fontSize: number;
  page: number;
  /** 0: the only or the left column; 1: the right column. */
  column: number;
  /** From the top of the page, in points (the paragraph's number for a Word file). */
  y: number;
};

export type ReadLayout = { lines: TextLine[]; twoColumns: boolean };

/** "E X P E R I E N C E" or "W O R K  E X P E R I E N C E": single letters with spaces between. */
export const closeLetterSpacing = (text: string) => {
  const trimmed = text.trim();
  if (!/^(?:\S\s+){3,}\S$/.test(trimmed)) return trimmed;
  const letters = trimmed.split(/\s+/);
  if (letters.some((letter) => letter.length > 1)) return trimmed;
  return trimmed
    .split(/\s{2,}/)
    .map((word) => word.replace(/\s+/g, ''))
    .join(' ');
};

/** Headings that start a résumé's sections, letters only, lower case. */
const headingKeys = new Set(
  [
    'profile',
    'summary',
    'professional summary',
    'personal profile',
    'personal statement',
    'about me',
    'about',
    'career summary',
    'objective',
    'career objective',
    'experience',
    'work experience',
    'professional experience',
    'employment',
    'employment history',
    'work history',
    'career history',
    'relevant experience',
    'education',
    'education and training',
    'education & training',
    'qualifications',
    'academic qualifications',
    'academic background',
    'skills',
    'key skills',
    'technical skills',
    'core skills',
    'skills and competencies',
    'core competencies',
    'competencies',
    'expertise',
    'personal skills',
    'soft skills',
    'languages',
    'hobbies',
    'interests',
    'hobbies and interests',
    'contact',
    'contact details',
    'details',
    'personal details',
    'projects',
    'publications',
    'certifications',
    'certificates',
    'courses',
    'training',
    'references',
    'referees',
    'achievements',
    'volunteering',
    'awards',
  ].map((heading) => heading.replace(/[^a-z]/g, '')),
);

/** The heading's key ("workexperience") when the line is a section heading, else null. */
export const headingKeyOf = (text: string): string | null => {
  const closed = closeLetterSpacing(text).replace(/[:：]\s*$/, '');
  if (closed.length > 40) return null;
  const key = closed.toLowerCase().replace(/[^a-z]/g, '');
  return headingKeys.has(key) ? key : null;
};

type Row = { runs: PlacedRun[]; baseline: number };

/** Runs into rows by baseline (a run a point or two off its neighbours' baseline is on their row). */
const rowsOf = (runs: PlacedRun[]): Row[] => {
  const rows: Row[] = [];
  for (const run of [...runs].sort((a, b) => a.baseline - b.baseline || a.x - b.x)) {
    const row = rows.at(-1);
    if (row && Math.abs(run.baseline - row.baseline) <= Math.max(2, run.fontSize * 0.3)) row.runs.push(run);
    else rows.push({ runs: [run], baseline: run.baseline });
  }
  return rows;
};

/** A row's text: runs close together joined (with a space where there is a gap), wide gaps making cells. */
const cellsOf = (row: Row): { cells: string[]; sizes: number[]; fontSize: number } => {
  const runs = [...row.runs].sort((a, b) => a.x - b.x);
  const cells: { text: string; size: number }[] = [];
  let current = { text: '', size: 0 };
  let end = Number.NEGATIVE_INFINITY;
  for (const run of runs) {
    const gap = run.x - end;
    // Each run closed up on its own: "L E W I S" and "O S E I" are two words.
    const text = /^\s*(?:\S\s+){3,}\S\s*$/.test(run.text) ? ` ${closeLetterSpacing(run.text)} ` : run.text;
    if (current.text && gap > Math.max(12, run.fontSize * 1.6)) {
      cells.push(current);
      current = { text: '', size: 0 };
    } else if (current.text && gap > run.fontSize * 0.12 && !/\s$/.test(current.text) && !/^\s/.test(text)) {
      current.text += ' ';
    }
    current.text += text;
    current.size = Math.max(current.size, run.fontSize);
    end = Math.max(end, run.x + run.width);
  }
  if (current.text) cells.push(current);
  const kept = cells
    .map((cell) => ({ text: closeLetterSpacing(cell.text.replace(/\s+/g, ' ').trim()), size: cell.size }))
    .filter((cell) => cell.text);
  const fontSize = Math.max(...runs.map((run) => run.fontSize));
  return { cells: kept.map((cell) => cell.text), sizes: kept.map((cell) => cell.size), fontSize };
};

const linesOfRows = (rows: Row[], page: number, column: number): TextLine[] =>
  rows.flatMap((row) => {
    const { cells, sizes, fontSize } = cellsOf(row);
    if (!cells.length) return [];
    return [{ text: cells.join(' '), cells, sizes, fontSize, page, column, y: row.baseline }];
  });

/**
 * Where a page splits into two columns: an x between a fifth and three fifths of its width that
 * no run crosses (but for large lines across the top: a name over both), with text on both sides.
 */
const gutterOf = (page: LaidOutPage): number | null => {
  const sizes = page.runs.map((run) => run.fontSize).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 10;
  const body = page.runs.filter((run) => run.fontSize < median * 1.5);
  let best: { x: number; balance: number } | null = null;
  for (let x = page.width * 0.2; x <= page.width * 0.6; x += 2) {
    if (body.some((run) => run.x < x - 1 && run.x + run.width > x + 1)) continue;
    const left = body.filter((run) => run.x + run.width <= x).length;
    const right = body.length - left;
    if (left < 5 || right < 5) continue;
    const balance = Math.min(left, right);
    if (!best || balance > best.balance) best = { x, balance };
  }
  return best?.x ?? null;
};

const hasHeading = (lines: TextLine[]) => lines.some((line) => headingKeyOf(line.text) !== null);

/** The lines of a PDF's pages, in reading order. */
export const linesOfPages = (pages: LaidOutPage[]): ReadLayout => {
  const lines: TextLine[] = [];
  let twoColumns = false;
  pages.forEach((page, index) => {
    const gutter = gutterOf(page);
    if (gutter !== null) {
      const sizes = page.runs.map((run) => run.fontSize).sort((a, b) => a - b);
      const median = sizes[Math.floor(sizes.length / 2)] ?? 10;
      // A large run across the gutter (a name over both columns) is read before both.
      const across = page.runs.filter((run) => run.x < gutter && run.x + run.width > gutter);
      const left = page.runs.filter((run) => !across.includes(run) && run.x + run.width <= gutter + 1);
      const right = page.runs.filter((run) => !across.includes(run) && !left.includes(run));
      const leftLines = linesOfRows(rowsOf(left), index, 0);
      const rightLines = linesOfRows(rowsOf(right), index, 1);
      if (hasHeading(leftLines) && hasHeading(rightLines) && across.every((run) => run.fontSize >= median * 1.5)) {
        twoColumns = true;
        lines.push(...linesOfRows(rowsOf(across), index, 0), ...leftLines, ...rightLines);
        return;
      }
    }
    lines.push(...linesOfRows(rowsOf(page.runs), index, 0));
  });
  return { lines, twoColumns };
};

/** A Word file's paragraphs as lines: a tab, or three spaces and more, separates cells. */
export const linesOfParagraphs = (paragraphs: string[]): ReadLayout => ({
  twoColumns: false,
  lines: paragraphs.flatMap((paragraph, index) => {
    const cells = paragraph
      .split(/\t|\s{3,}/)
      .map((cell) => closeLetterSpacing(cell.trim()))
      .filter(Boolean);
    return cells.length ? [{ text: cells.join(' '), cells, sizes: cells.map(() => 0), fontSize: 0, page: 0, column: 0, y: index }] : [];
  }),
});
