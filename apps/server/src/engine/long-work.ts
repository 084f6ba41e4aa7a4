import type { Executor } from '../db/client';

/**
 * How long one short transaction of a long write aims to hold the database. The embedded database
 * is one connection: every other request's statements wait while a transaction is open, so its
 * transactions stay about 10 ms long (at 20 ms another organisation's p99 during a 20,000-row import
 * went over 100 ms in the tenants bench). PostgreSQL runs others beside it: there a batch only
 * needs to stay short enough to be retried by hand.
 */
const targetMs = { pglite: 10, postgres: 250 } as const;
const maxBatch = 500;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A loop's turn-taker for CPU work on the event loop (parsing, checking thousands of rows): call it
 * after each step; every few milliseconds it lets the other requests' callbacks run.
 */
export const takingTurns = (sliceMs = 8) => {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
};

export type ShortTransactionsResult = {
  /** How many items are in committed transactions (always from the first, in order). */
  done: number;
  /** Why the transaction holding item `done` failed; nothing of it was written, nor of any after it. */
  failure?: unknown;
};

/**
 * A long write (an import, a bulk action on thousands of records) as many short transactions, in
 * the items' order, so one organisation's big job never holds the database from everyone else.
 * Each batch commits whole or not at all, and the first that fails ends the work: what committed
 * before it stays (`done` says how far), nothing after it is tried. The batch size follows how long
 * the last one held the database. On the embedded database, after each commit the work waits about
 * as long as its BEGIN waited: that is how much the other requests had queued, and it lets the
 * statements they send next (a call is several in a row) in before the next batch. Alone on the
 * database it does not wait at all.
 */
export const inShortTransactions = async <Item, Result>(input: {
  kind: 'pglite' | 'postgres';
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  items: readonly Item[];
  work: (tx: Executor, batch: Item[]) => Promise<Result>;
  /** After each commit, with what the batch's work answered. */
  committed?: (result: Result, batch: Item[], done: number) => void | Promise<void>;
  /** The first batch's size, and the least: each transaction has a cost of its own (a lock, a counter), worth sharing. */
  firstBatch?: number;
  minBatch?: number;
}): Promise<ShortTransactionsResult> => {
  const target = targetMs[input.kind];
  const least = Math.max(1, Math.min(maxBatch, input.minBatch ?? 1));
  let size = Math.max(least, Math.min(maxBatch, input.firstBatch ?? 20));
  let done = 0;
  while (done < input.items.length) {
    const batch = input.items.slice(done, done + size);
    const asked = performance.now();
    let began = asked;
    let result: Result;
    try {
      result = await input.transaction((tx) => {
        began = performance.now();
        return input.work(tx, batch);
      });
    } catch (failure) {
      return { done, failure };
    }
    const held = performance.now() - began;
    done += batch.length;
    await input.committed?.(result, batch, done);
    // Halved or grown at most fourfold at a time: one slow batch (a checkpoint) does not swing it.
    const scaled = Math.round((size * target) / Math.max(held, 0.5));
    size = Math.max(least, Math.min(maxBatch, size * 4, Math.max(Math.floor(size / 2), scaled)));
    if (input.kind === 'pglite' && done < input.items.length) {
      const waited = began - asked;
      await (waited > 1 ? pause(Math.min(waited, 50)) : nextTurn());
    }
  }
  return { done };
};
