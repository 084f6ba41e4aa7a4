import { randomBytes } from 'node:crypto';

/*
 * Ids keep the ObjectId form (24 lowercase hex, DECISIONS.md §3) and still grow in creation order,
 * since lists answer newest first and exports page by keyset on the id. They must not be guessable
 * from one another: with a counter after a per-process part, knowing one contact's id found others
 * by trying its neighbours. So, as ULID's monotonic mode does: 4 bytes of seconds, then 8 bytes that
 * start at a random value each second and grow by a random step of about 40 bits per id. The next
 * id after a known one is anywhere in the next trillion values; the first of a second anywhere.
 */

const maxStart = 1n << 62n; // leaves 2^62 of room for steps: about four million ids a second
const maxStep = 1n << 40n;
const tail = (1n << 64n) - 1n;

// Random bytes are drawn in batches: one system call per 512 ids, not one per id.
let pool = Buffer.alloc(0);
let used = 0;
const random = (bytes: 5 | 8) => {
  if (used + bytes > pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  const value = bytes === 8 ? pool.readBigUInt64BE(used) : BigInt(pool.readUIntBE(used, bytes));
  used += bytes;
  return value;
};

let lastSeconds = 0;
let last = 0n;

/** A new 24-hex id: the seconds, then a random part that only grows within a second. */
export const newId = () => {
  const now = Math.floor(Date.now() / 1000);
  // A clock set back keeps the last second, so ids still grow.
  if (now > lastSeconds) {
    lastSeconds = now;
    last = random(8) % maxStart;
  } else {
    last += (random(5) % maxStep) + 1n;
    // Millions in one second: borrow the next second rather than wrap and break the order.
    if (last > tail) {
      lastSeconds += 1;
      last = random(8) % maxStart;
    }
  }
  return lastSeconds.toString(16).padStart(8, '0') + last.toString(16).padStart(16, '0');
};
