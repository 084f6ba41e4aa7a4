/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type Percentiles = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number };

  /** One request of a sequence each connection sends in turn, in place of the url's one request. */
  export type Request = {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send of this request: what it answers is sent instead. */
    setupRequest?: (request: Request) => Request;
  };

  export type Options = {
    url: string;
    requests?: Request[];
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Percentiles;
    requests: Percentiles & { total: number; sent: number };
  };

  /** A run in progress: `stop` ends it early, and the callback gets what was measured so far. */
  export type Instance = { stop: () => void };

  const autocannon: {
    (options: Options): Promise<Result>;
    (options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  };
  export default autocannon;
}
