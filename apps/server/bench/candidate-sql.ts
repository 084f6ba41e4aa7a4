/**
 * The SQL the product runs for one candidate list request, as text and parameters: built by the
 * product's own repository (candidateRepository.list, as the list call runs it for a caller whose
 * Candidate permission has scope ALL) on a driver that only records the statement, so the bare
 * route and the raw SQL timing run exactly what the product sends.
 */
import { listRequest } from '@app/contract/conventions/list';
import { candidate } from '@app/contract/resources/crm/candidate';
import { drizzle } from 'drizzle-orm/node-postgres';
import { candidateRepository } from '../src/areas/crm/candidate-repository';
// Registers Contact, which a candidate references: the repository resolves its references on first use.
import '../src/areas/crm/contacts';
import type { Executor } from '../src/db/client';

export const candidateListPath = `/api${candidate.calls.list!.path}`;
/** The bare server's route running the list's SQL search, which the product's index stands in for. */
export const candidateSqlListPath = '/bench/candidate/list-sql';

type Statement = { sql: string; params: unknown[] };

let recorded: Statement[] = [];
const recorder = {
  query: async (query: string | { text: string }, params: unknown[] = []) => {
    recorded.push({ sql: typeof query === 'string' ? query : query.text, params });
    return { rows: [], fields: [], rowCount: 0 };
  },
};
const recordingDb = drizzle(recorder as never, { casing: 'snake_case' }) as unknown as Executor;
export const candidateListRequest = listRequest(candidate.filters, candidate.sortable);

/**
 * The page's statement (its rows with the total), and for a later page the count the product runs
 * when that page is past the end (the recorder answers no rows, so the list always asks for it).
 */
export const candidateListStatement = async (
  _db: Executor | undefined,
  organisationId: string,
  body: unknown,
): Promise<Statement & { countWhenEmpty?: Statement }> => {
  recorded = [];
  await candidateRepository.list(recordingDb, { organisationId }, candidateListRequest.parse(body) as never);
  const [page, count] = recorded;
  if (!page) throw new Error('The candidate list ran no statement');
  return { ...page, countWhenEmpty: count };
};
