import { jobCompanyCard, jobSearchResult } from '@app/contract/resources/job-board/job';
import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import type { z } from 'zod';
import { jobs, recruiterCompanies } from '../../db/schema/job-board';
import { checkedAnswer, serialiseAnswer } from '../../engine/answer-output';
import type { FileStore } from '../../services/files';

/**
 * What a search result shows of a job, kept beside the search index as JSON that was checked
 * against the call's output schema when the job was read: a search writes its page from these
 * instead of reading, parsing and checking the page's rows each time. The company's card is kept
 * apart (a company's logo link is signed afresh in every answer), and relevance and distance are
 * the search's own.
 */
export const jobSearchCard = jobSearchResult.omit({ company: true, relevance: true, distance: true });

/** A column as JSON text, a time as the ISO form every other answer gives (UTC, milliseconds, `Z`). */
const jsonValue = (column: Column) =>
  column.getSQLType().startsWith('timestamp')
    ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`${column}`;

/** `json_build_object` of the schema's keys, each from the table's column of that name (`_id` is `id`). */
const jsonOfColumns = (keys: string[], table: Table): SQL => {
  const columns: Record<string, Column> = getTableColumns(table);
  const pairs = keys.map((key) => {
    const column = columns[key === '_id' ? 'id' : key];
    if (!column) throw new Error(`A search card's ${key} has no column`);
    return sql`${sql.raw(`'${key}'`)}, ${jsonValue(column)}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})::text`;
};

/** The card of each job read with `jobs`, as JSON text. */
export const jobCardColumn = jsonOfColumns(Object.keys(jobSearchCard.shape), jobs);
/** The card of each company read with `recruiter_companies`, as JSON text. */
export const companyCardColumn = jsonOfColumns(Object.keys(jobCompanyCard.shape), recruiterCompanies);

/** JSON the database wrote, checked against its schema: only what the schema declares is kept. */
const checked = <T extends z.ZodType>(schema: T, text: string) => checkedAnswer('searchJobs', schema, JSON.parse(text));

/** A job's card, checked, as the JSON a search answers (it holds no stored file to sign). */
export const checkedJobCard = (text: string) => JSON.stringify(checked(jobSearchCard, text));

/** A company's card, checked; its logo is signed each time it is answered. */
export const checkedCompanyCard = (text: string) => checked(jobCompanyCard, text);
export type CompanyCard = ReturnType<typeof checkedCompanyCard>;

/** A company's card as an answer sends it: with a fresh link to its logo. */
export const answeredCompanyCard = (card: CompanyCard, files: FileStore) =>
  JSON.stringify(
    serialiseAnswer({
      call: 'searchJobs',
      output: jobCompanyCard,
      data: { ...card, profileImg: card.profileImg ? { ...card.profileImg } : null },
      files,
    }),
  );
