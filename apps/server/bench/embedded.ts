/**
 * The embedded scenario: a staff details call's latency at BENCH_CONNECTIONS connections while a heavy
 * list (every staff member matches the search, 100 a page with the total) runs beside it on
 * BENCH_HEAVY_CONNECTIONS connections, and the same details call alone for reference. Measured on the
 * product and on the bare routes (same SQL, same driver), and on PGlite also on the bare routes with
 * PGlite on the server's own thread (how the product ran it before the worker), all in one run.
 * Target: the product's details p99 under 100 ms beside the heavy list, on the embedded database.
 */
import { load, type Measured, ms, type Numbers, table } from './load';
import type { Seeded } from './seed';
import type { Child } from './shared';

/** Every seeded staff member's email is at <organisation>.example.com: the search matches them all. */
const heavySearch = 'example';
const targetP99 = 100;

export const heavyListOf = (): Measured => ({
  name: `POST /organisation/staff/list "${heavySearch}", 100 a page`,
  method: 'POST',
  path: '/api/organisation/staff/list',
  body: { page: 1, limit: 100, search: heavySearch },
});

export const detailsOf = (seeded: Seeded): Measured => ({
  name: 'POST /organisation/staff/details',
  method: 'POST',
  path: '/api/organisation/staff/details',
  body: { _id: seeded.staffId },
});

type Figures = { server: Child; alone: Numbers; beside: Numbers; heavy: Numbers };

const measureServer = async (
  server: Child,
  seeded: Seeded,
  options: { seconds: number; warmup: number; connections: number; heavyConnections: number },
): Promise<Figures> => {
  const details = detailsOf(seeded);
  const heavy = heavyListOf();
  const detailsLoad = { seconds: options.seconds, connections: options.connections };
  const heavyLoad = { seconds: options.seconds, connections: options.heavyConnections };
  await load(server, seeded.token, details, { ...detailsLoad, seconds: options.warmup });
  const alone = await load(server, seeded.token, details, detailsLoad);
  await Promise.all([
    load(server, seeded.token, details, { ...detailsLoad, seconds: options.warmup }),
    load(server, seeded.token, heavy, { ...heavyLoad, seconds: options.warmup }),
  ]);
  const [beside, heavyNumbers] = await Promise.all([
    load(server, seeded.token, details, detailsLoad),
    load(server, seeded.token, heavy, heavyLoad),
  ]);
  const trouble = (n: Numbers) => (n.errors + n.non2xx > 0 ? ` (${n.errors} errors, ${n.non2xx} non-2xx!)` : '');
  console.log(
    `  ${server.name.padEnd(10)} details alone p99 ${ms(alone.p99)}${trouble(alone)}; beside the list p99 ${ms(beside.p99)}${trouble(beside)}, list ${heavyNumbers.rps.toFixed(1)} req/s${trouble(heavyNumbers)}`,
  );
  return { server, alone, beside, heavy: heavyNumbers };
};

export const runEmbedded = async (
  servers: Child[],
  seeded: Seeded,
  options: { seconds: number; warmup: number; connections: number; heavyConnections: number; onPostgres: boolean },
) => {
  const heavy = heavyListOf();
  console.log(
    `\nEmbedded: ${detailsOf(seeded).name} at ${options.connections} connections, alone and beside ${heavy.name} at ${options.heavyConnections}`,
  );
  const figures: Figures[] = [];
  for (const server of servers) figures.push(await measureServer(server, seeded, options));

  console.log(
    `\nDetails beside a heavy list on ${options.onPostgres ? 'PostgreSQL' : 'PGlite'} (${options.seconds} s each; latency p50 / p99; req/s of answered calls):\n`,
  );
  console.log(
    table([
      ['server', 'details alone p50', 'p99', 'req/s', 'beside the list p50', 'p99', 'req/s', 'list p50', 'p99', 'req/s'],
      ...figures.map(({ server, alone, beside, heavy: list }) => [
        server.name,
        ms(alone.p50),
        ms(alone.p99),
        alone.rps.toFixed(0),
        ms(beside.p50),
        ms(beside.p99),
        beside.rps.toFixed(0),
        ms(list.p50),
        ms(list.p99),
        list.rps.toFixed(1),
      ]),
    ]),
  );
  const product = figures[0]!;
  const met = product.beside.p99 < targetP99 && product.beside.errors + product.beside.non2xx === 0;
  console.log(
    `\nTarget (details p99 under ${targetP99} ms at ${options.connections} connections beside the heavy list, embedded database): ` +
      (options.onPostgres
        ? `applies to the embedded database; on PostgreSQL the product's p99 is ${ms(product.beside.p99)}.`
        : `${met ? 'MET' : 'NOT MET'} (p99 ${ms(product.beside.p99)})`),
  );
};
