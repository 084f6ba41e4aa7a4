import { setTimeout as sleep } from 'node:timers/promises';
import { tooManyRequests } from '../engine/errors';
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
 * limit, and is forgiven when the password turns out right.
 */
export const createSignInLimits = () => {
  const perPair = createRateLimiter({ limit: 5, windowMs });
  const perAddress = createRateLimiter({ limit: 30, windowMs });
  const perAccount = createRateLimiter({ limit: 10, windowMs });
  return {
    /** Before a password is checked: refuses (429) or waits; answers what to call if it was right. */
    attempt: async (input: { email: string; address: string }) => {
      const account = input.email.toLowerCase();
      const { address } = input;
      const pair = `${address} ${account}`;
      const accountUnderAttack = perAccount.isLimited(account);
      if (perAddress.isLimited(address) || perPair.isLimited(pair) || (accountUnderAttack && perPair.count(pair) > 0)) {
        throw tooManyRequests(refused);
      }
      const pastCeiling = perAccount.count(account) - perAccount.limit + 1;
      perPair.hit(pair);
      perAddress.hit(address);
      perAccount.hit(account);
      if (accountUnderAttack) await sleep(Math.min(250 * pastCeiling, 3000));
      return {
        succeeded: () => {
          perPair.reset(pair);
          perAddress.forgive(address);
          perAccount.forgive(account);
        },
      };
    },
  };
};

export type SignInLimits = ReturnType<typeof createSignInLimits>;
