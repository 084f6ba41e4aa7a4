import os from 'node:os';
import argon2 from 'argon2';
import { insideTransaction } from '../db/transaction-scope';
import { HttpError } from '../engine/errors';
import { createConcurrencyLimit } from './concurrency-limit';

/**
 * argon2 is slow on purpose (64 MiB and a few hundred milliseconds a check) and runs on libuv's
 * threadpool, which file reads share. So few checks run at once, a bounded queue waits its turn, and
 * beyond that the request is refused (503) rather than queued without end: a flood of sign-ins
 * cannot starve the rest of the server. One process-wide limit, like the threadpool it guards.
 */
export const passwordHashing = createConcurrencyLimit({
  concurrency: Math.min(2, Math.max(1, os.availableParallelism() - 1)),
  maxWaiting: 32,
  refuse: () => new HttpError(503, 'Too many sign-in attempts at once; please try again in a moment'),
});

/**
 * A transaction holds a database connection (with the embedded database, the only one) for as long
 * as it lasts: a password is hashed or checked first, then a short transaction does the writes.
 */
const refuseInsideTransaction = () => {
  if (insideTransaction()) throw new Error('A password was hashed inside a database transaction: hash first, then open the transaction');
};

/** argon2id at the library's own cost (64 MiB, 3 passes, 4 lanes), or its lowest; a check reads the cost from the hash. */
const costs = {
  library: { type: argon2.argon2id },
  lowest: { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} satisfies Record<string, argon2.Options>;
let hashing: argon2.Options = costs.library;

/** Spends about as long as a real check, so a missing account cannot be told from a wrong password. */
let dummyHash = argon2.hash('not-a-real-password', hashing);

/**
 * For test suites only, never called by the server: the same argon2id at its lowest cost. A suite
 * that makes a thousand accounts would otherwise spend half its CPU hashing their passwords; a test
 * of what slow checks must not hold up asks for the library's cost again.
 */
export const setPasswordHashingCostForTests = (cost: keyof typeof costs) => {
  hashing = costs[cost];
  dummyHash = argon2.hash('not-a-real-password', hashing);
};

export const hashPassword = (password: string) => {
  refuseInsideTransaction();
  return passwordHashing.run(() => argon2.hash(password, hashing));
};

export const verifyNothing = async (password: string) => {
  refuseInsideTransaction();
  const hash = await dummyHash;
  await passwordHashing
    .run(() => argon2.verify(hash, password))
    .catch((error) => {
      if (error instanceof HttpError) throw error;
    });
  return false;
};

/** An account without a password (made by an admin, not yet set by its owner) takes as long as any. */
export const verifyPassword = async (hash: string | null | undefined, password: string) => {
  refuseInsideTransaction();
  if (!hash) return verifyNothing(password);
  try {
    return await passwordHashing.run(() => argon2.verify(hash, password));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return false;
  }
};
