import { setTimeout as sleep } from 'node:timers/promises';
import { tooManyRequests } from '../engine/errors';
import type { CounterStore } from './counter-store';
import { createRateLimiter } from './rate-limit';

const windowMs = 15 * 60 * 1000;
const refused = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/**
 * Wrong passwords are counted three ways, each over 15 minutes:
 * - per account and address: after 5, that address may not try that account again;
 * - per address, across accounts (password spraying): after 30, that address may not sign in;
 * - per account, across addresses: past 10, an address that already failed against the account is
 *   refused, and every other attempt on it waits 0.25 s per failure past the ceiling (at most 3 s).
 * So a stranger's failures slow the owner down but never refuse their right password from their own
 * address. An attempt counts as failed from the start, so concurrent attempts cannot slip past a
 * limit, and is forgiven when the password turns out right. The counts live in the counter store, so
 * every process of the server counts together.
 */
export const createSignInLimits = (input: { store: CounterStore }) => {
  const { store } = input;
  const perPair = createRateLimiter({ name: 'sign-in-pair', store, limit: 5, windowMs });
  const perAddress = createRateLimiter({ name: 'sign-in-address', store, limit: 30, windowMs });
  const perAccount = createRateLimiter({ name: 'sign-in-account', store, limit: 10, windowMs });
  return {
    /** Before a password is checked: refuses (429) or waits; answers what to call if it was right. */
    attempt: async (input: { email: string; address: string }) => {
      const account = input.email.toLowerCase();
      const { address } = input;
      const pair = `${address} ${account}`;
      // Each count is one atomic step in the shared store, and the counts before it decide: attempts
      // at the same moment, in this process or another, each see the ones before them.
      const [pairCount, addressCount, accountCount] = await Promise.all([
        perPair.hit(pair),
        perAddress.hit(address),
        perAccount.hit(account),
      ]);
      const [pairBefore, addressBefore, accountBefore] = [pairCount - 1, addressCount - 1, accountCount - 1];
      const accountUnderAttack = accountBefore >= perAccount.limit;
      if (addressBefore >= perAddress.limit || pairBefore >= perPair.limit || (accountUnderAttack && pairBefore > 0)) {
        // A refused attempt tried no password: it is not counted.
        await Promise.all([perPair.forgive(pair), perAddress.forgive(address), perAccount.forgive(account)]);
        throw tooManyRequests(refused);
      }
      const pastCeiling = accountBefore - perAccount.limit + 1;
      if (accountUnderAttack) await sleep(Math.min(250 * pastCeiling, 3000));
      return {
        succeeded: async () => {
          await Promise.all([perPair.reset(pair), perAddress.forgive(address), perAccount.forgive(account)]);
        },
      };
    },
  };
};

export type SignInLimits = ReturnType<typeof createSignInLimits>;
