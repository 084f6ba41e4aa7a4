/**
 * Runs at most `concurrency` tasks at once; up to `maxWaiting` more wait their turn in order, and
 * beyond that the task is refused at once with `refuse()` instead of queuing without end.
 */
export const createConcurrencyLimit = (input: { concurrency: number; maxWaiting: number; refuse: () => Error }) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finished task hands its slot straight to the next in line.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    run: async <T>(task: () => Promise<T>): Promise<T> => {
      if (running < input.concurrency) running += 1;
      else if (waiting.length >= input.maxWaiting) throw input.refuse();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
};

export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>;
