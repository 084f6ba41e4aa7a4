import type { CounterStore } from './counter-store';
import { createRateLimiter } from './rate-limit';

const minuteMs = 60 * 1000;
const hourMs = 60 * minuteMs;

/**
 * One-time codes counted per address, beside the per-record counts the codes keep themselves
 * (services/one-time-codes.ts), with DECISIONS.md §9's numbers: a new code at most once a minute
 * and 5 times an hour, and 5 wrong tries (here within an hour, across records: trying many records'
 * codes from one address is the brute force a per-record count cannot see). 429 after that.
 */
export const createCodeLimits = (input: { store: CounterStore }) => {
  const { store } = input;
  return {
    newCodeEachMinute: createRateLimiter({ name: 'code-new-minute', store, limit: 1, windowMs: minuteMs }),
    newCodesEachHour: createRateLimiter({ name: 'code-new-hour', store, limit: 5, windowMs: hourMs }),
    wrongCodes: createRateLimiter({ name: 'code-wrong', store, limit: 5, windowMs: hourMs }),
  };
};

export type CodeLimits = ReturnType<typeof createCodeLimits>;
