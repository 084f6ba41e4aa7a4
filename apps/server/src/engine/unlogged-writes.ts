/**
 * The writes that leave no entity-log entry, each with why. Every other write of a row is logged in
 * its own transaction (test/every-write-logged.test.ts fails otherwise): a table goes here only when
 * its rows are not records anyone edits, a column only when it is bookkeeping beside the record.
 */
export const unloggedTables: Record<string, string> = {
  entity_logs: 'the log itself: an entry about an entry would never end',
  sessions: 'a sign-in, not a record: who signed in when is the session itself, ended when the user is',
  rate_limits: 'counts of attempts per address and account, kept only to refuse brute force and forgotten after',
  item_counters: 'the next item number of each entity: the number it hands out is logged on the record that takes it',
  candidate_search_changes:
    'the queue telling every process which candidates its search index must read again: the change itself is logged on the candidate',
};

/** Columns of logged tables that change beside the record without an entry (snake case, as stored). */
export const unloggedColumns: Record<string, { columns: readonly string[]; why: string }> = {
  users: { columns: ['last_login_at'], why: 'when the user last signed in: a fact of the session, not an edit of the user' },
};
