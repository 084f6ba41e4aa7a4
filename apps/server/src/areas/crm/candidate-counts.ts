type Values = Record<string, unknown>;

const counts = { appliedJobCount: 0, referencesCount: 0, filledProfileRequestCount: 0 } as const;

/**
 * Counts answered beside every candidate: 0 until job applications and information forms exist.
 * Added to the record itself (every caller answers a record just read), not a copy of its forty
 * fields: a list page of them is the hottest answer the CRM gives.
 */
export const withCounts = <R extends Values>(record: R): R & typeof counts => Object.assign(record, counts);
