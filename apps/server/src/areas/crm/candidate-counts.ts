type Values = Record<string, unknown>;

/** Counts answered beside every candidate: 0 until job applications and information forms exist. */
export const withCounts = <R extends Values>(record: R) => ({
  ...record,
  appliedJobCount: 0,
  referencesCount: 0,
  filledProfileRequestCount: 0,
});
