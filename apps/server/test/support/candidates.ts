import { candidate } from '@app/contract/resources/crm/candidate';
import type { FastifyInstance } from 'fastify';
import { call } from './test-app';
import { unique } from './world';

let phones = 0;
/** A UK mobile no other test candidate has: duplicates are found by phone too. */
export const aUniquePhone = () => {
  phones += 1;
  const n = (Date.now() % 1_000_000) * 100 + (phones % 100);
  return `+44 7${String(n).padStart(9, '0').slice(-9)}`;
};

/** What a create sends for a new, distinct candidate. */
export const candidateInput = (input: Record<string, unknown> = {}) => ({
  name: { first: 'Grace', last: unique('Hopper') },
  email: `${unique('grace')}@example.com`,
  phone: aUniquePhone(),
  ...input,
});

export type CandidateRecord = {
  _id: string;
  itemId: { combined: string };
  name: { first: string; last?: string; fullName: string };
  email: string;
  phone: string;
  status: string;
  [key: string]: unknown;
};

export const aCandidate = async (app: FastifyInstance, token: string, input: Record<string, unknown> = {}) => {
  const created = await call(app, candidate.calls.create, candidateInput(input), token);
  if (created.status !== 200) throw new Error(`candidate not created: ${created.status} ${created.body.message}`);
  return created.body.data as CandidateRecord;
};
