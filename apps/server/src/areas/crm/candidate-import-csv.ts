import { importMaxBytes, importMaxRows } from '@app/contract/resources/crm/candidate-import';
import { CsvError, parse } from 'csv-parse';
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

/** How much text the parser takes before the event loop gets a turn: a few milliseconds of parsing. */
const sliceChars = 64 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Parsed = { record: string[]; info: { lines: number } };
const filled = (record: string[]) => record.some((cell) => cell.trim() !== '');

/**
 * The header record and the data records after it up to the `rows`th that holds anything, read a
 * slice at a time with the event loop free between slices; `more` when the text holds another such
 * record past them. What lies beyond is never parsed: a 10 MB file costs what its first rows cost.
 */
const parseUpTo = async (text: string, delimiter: string, rows: number) => {
  const records: Parsed[] = [];
  let data = 0;
  let more = false;
  let failure: unknown;
  const parser = parse({ bom: true, delimiter, skip_empty_lines: true, info: true, relax_column_count: true });
  parser.on('data', (parsed: Parsed) => {
    if (more) return;
    if (records.length > 0 && filled(parsed.record)) {
      if (data === rows) {
        more = true;
        return;
      }
      data += 1;
    }
    records.push(parsed);
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (error) => {
      failure ??= error;
      resolve();
    });
  });
  for (let start = 0; start < text.length && !more && failure === undefined; ) {
    let end = Math.min(text.length, start + sliceChars);
    // Never between the two halves of a character outside the BMP (an emoji), which would reach the parser as U+FFFD.
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end += 1;
    parser.write(text.slice(start, end));
    start = end;
    await nextTurn();
  }
  if (more) parser.destroy();
  else {
    parser.end();
    await ended;
  }
  if (failure !== undefined) throw failure;
  return { records, more };
};

/**
 * Reads the CSV text as a spreadsheet would write it (quoted fields, doubled quotes, a BOM, CRLF,
 * `,` `;` or tab), refusing with a 400 that names the line anything it cannot read whole: nothing
 * is imported from a file that is not all there. It stops after the most rows an import takes:
 * `more` says the file goes on, which the import refuses and the preview reports.
 */
export const readCsv = async (text: string): Promise<Table & { more: boolean }> => {
  if (Buffer.byteLength(text, 'utf8') > importMaxBytes) throw new HttpError(413, 'The file is larger than 10 MB');
  if (text.replace(/^\uFEFF/, '').trim() === '') throw badRequest('The file is empty', [{ field: 'csv', message: 'The file is empty' }]);
  const replaced = text.indexOf('\uFFFD');
  if (replaced >= 0) {
    const message = `Line ${lineOfIndex(text, replaced)}: the file is not UTF-8 text; save it as "CSV UTF-8" and try again`;
    throw badRequest(message, [{ field: 'csv', message }]);
  }
  const delimiter = delimiterOf(text.replace(/^\uFEFF/, ''));
  let parsed: Awaited<ReturnType<typeof parseUpTo>>;
  try {
    parsed = await parseUpTo(text, delimiter, importMaxRows);
  } catch (error) {
    if (error instanceof CsvError) {
      const message = csvErrorMessage(text, error as CsvError & { lines?: number });
      throw badRequest(message, [{ field: 'csv', message }]);
    }
    throw error;
  }
  const [head, ...body] = parsed.records;
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
  const uneven = body.find(({ record }) => record.length !== headers.length && filled(record));
  if (uneven) {
    const count = uneven.record.length;
    throw refuse(
      `Line ${uneven.info.lines} has ${count} ${count === 1 ? 'value' : 'values'} but the header row has ${headers.length} columns`,
    );
  }
  const rows = body.map(({ record, info }) => ({ line: info.lines, cells: record })).filter((row) => filled(row.cells));
  if (rows.length === 0) throw refuse('The file has a header row but no candidates');
  return { headers, rows, delimiter, more: parsed.more };
};

/** The refusal of a file with more rows than an import takes (the preview says it too). */
export const tooManyRowsMessage = `The file has more than ${importMaxRows.toLocaleString('en-GB')} rows; split it into smaller files`;

/** The whole file, for an import: one with more rows than an import takes is a 400. */
export const readWholeCsv = async (text: string): Promise<Table> => {
  const table = await readCsv(text);
  if (table.more) throw badRequest(tooManyRowsMessage, [{ field: 'csv', message: tooManyRowsMessage }]);
  return { headers: table.headers, rows: table.rows, delimiter: table.delimiter };
};
