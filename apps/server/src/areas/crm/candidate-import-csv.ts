import { importMaxBytes, importMaxRows } from '@app/contract/resources/crm/candidate-import';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { badRequest, HttpError } from '../../engine/errors';

/** A parsed file: its header, and each data row with the line it ends on (what a person finds it by). */
export type Table = { headers: string[]; rows: { line: number; cells: string[] }[]; delimiter: string };

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
