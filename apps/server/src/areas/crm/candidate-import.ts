import { PassThrough } from 'node:stream';
import { fullNameOf } from '@app/contract/conventions/common';
import {
  candidateImport,
  candidateImportPreview,
  type DuplicateHandling,
  type ImportField,
  type ImportReport,
  importMaxBytes,
} from '@app/contract/resources/crm/candidate-import';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { CallContext, Caller } from '../../engine/context';
import { HttpError } from '../../engine/errors';
import { inShortTransactions } from '../../engine/long-work';
import { Answer, registerCall } from '../../engine/register-call';
import type { WriteContext } from '../../engine/resource-hooks';
import { readCsv, readWholeCsv, tooManyRowsMessage } from './candidate-import-csv';
import { checkMapping, type Planned, plan, recheck, reportOf, suggestMapping, type Values } from './candidate-import-plan';
import { candidateRepository } from './candidate-repository';

/** An existing candidate's update from a row: only the cells the file fills; address and preferences merged into what is there. */
const updateValues = (before: Values, sent: Values, values: Values) => {
  const patch: Values = {};
  for (const key of Object.keys(sent)) patch[key] = values[key];
  if (sent.name) {
    const name = { ...((before.name as Values) ?? {}), ...(values.name as Values) };
    patch.name = { ...name, fullName: fullNameOf(name as never) };
  }
  if (sent.address) patch.address = { ...((before.address as Values) ?? {}), ...(values.address as Values) };
  if (sent.preferences) {
    const only = Object.fromEntries(Object.keys(sent.preferences as Values).map((k) => [k, (values.preferences as Values)[k]]));
    patch.preferences = { ...((before.preferences as Values) ?? {}), ...only };
  }
  return patch;
};

/**
 * One batch's writes: its creates in a few statements, then each update, all through the
 * repository, so each imported candidate gets what a created or updated one gets from its hooks
 * (derived columns, its own contact card). The plan has chosen what to do with each duplicate
 * already (`createAnyway`: the hooks do not refuse them again). Answers each row's candidate.
 */
const writeBatch = async (db: Executor, input: WriteContext & { batch: Planned[] }) => {
  const { scope, batch } = input;
  const creates = batch.filter((p) => p.outcome === 'create');
  const made = await candidateRepository.createMany(db, {
    ...input,
    values: creates.map((p) => ({ ...(p.values as Values), createAnyway: true })),
  });
  const written = made.map((record, i) => ({ p: creates[i] as Planned, candidateId: record._id, created: true }));
  for (const p of batch.filter((row) => row.outcome === 'update')) {
    const before = await candidateRepository.get(db, scope, p.target as string);
    const patch = updateValues(before, p.sent as Values, p.values as Values);
    const record = await candidateRepository.update(db, { ...input, id: p.target as string, values: { ...patch, createAnyway: true } });
    written.push({ p, candidateId: record._id, created: false });
  }
  return written;
};

/**
 * A real run's writes, in file order, in short transactions (long-work.ts) so a 20,000-row file
 * never holds the database from the other organisations. Each batch takes the organisation's import
 * lock and looks again at its rows (`recheck`): two imports at once still never both make one
 * person. A batch the database refuses ends the run: the rows before it stay, it and the rows after
 * it are marked as not imported, and the report says where it stopped. Answers that, or undefined.
 */
const write = async (
  ctx: CallContext,
  input: {
    caller: Caller;
    organisationId: string;
    planned: Planned[];
    duplicates: DuplicateHandling;
    progress: (processed: number, total: number) => void;
  },
): Promise<ImportReport['stopped']> => {
  const { caller, organisationId, planned, duplicates } = input;
  const { scope } = ctx;
  const writes = planned.filter((p) => p.outcome === 'create' || p.outcome === 'update');
  // The candidates the plan saw, and those this run makes: a batch's second look is only after others'.
  const known = new Set(planned.flatMap((p) => p.duplicates.map((d) => d._id)));
  const { done, failure } = await inShortTransactions({
    kind: ctx.req.server.database.kind,
    transaction: ctx.transaction,
    items: writes,
    // A batch's lock, second look, team and item numbers cost the same for 1 row as for 10.
    firstBatch: 25,
    minBatch: 5,
    work: async (tx, batch) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`candidate-import:${organisationId}`}))`);
      const changes = await recheck(tx, { scope, organisationId, batch, duplicates, known });
      const skipped = new Set(changes.map((change) => change.p));
      const written = await writeBatch(tx, { ...ctx, caller, batch: batch.filter((p) => !skipped.has(p)) });
      return { changes, written };
    },
    committed: ({ changes, written }, _batch, processed) => {
      for (const { p, duplicates: found, warning } of changes) {
        p.outcome = 'skip';
        p.duplicates = found;
        p.warnings.push({ field: '', message: warning });
      }
      for (const { p, candidateId, created } of written) {
        p.candidateId = candidateId;
        if (created) known.add(candidateId);
      }
      input.progress(processed, writes.length);
    },
  });
  if (failure === undefined) return null;
  // Nothing written: the call fails as any other would.
  if (done === 0) throw failure;
  const known4xx = failure instanceof HttpError && failure.status < 500;
  if (!known4xx) ctx.req.log.error({ err: failure }, 'candidate import stopped part way');
  const reason = known4xx ? failure.message : 'the database refused to write it';
  const first = writes[done] as Planned;
  for (const p of writes.slice(done)) {
    p.outcome = 'error';
    p.problems = [{ field: '', message: `Not imported: the import stopped at row ${first.row}; import this row again` }];
  }
  return { row: first.row, message: `The import stopped at row ${first.row}: ${reason}` };
};

/** The import and its preview (an extra pair of calls beside the spec's; see README). */
export const registerCandidateImport = (app: FastifyInstance) => {
  // JSON escaping can grow the text: room for a 10 MB file written with many quotes.
  const bodyLimit = 3 * importMaxBytes;
  registerCall(app, { ...candidateImportPreview, tenancy: 'organisation', transaction: false, bodyLimit }, async ({ input }) => {
    const table = await readCsv(input.csv);
    const preview = {
      headers: table.headers,
      rows: table.rows.slice(0, 5).map((row) => table.headers.map((_, i) => row.cells[i] ?? '')),
      totalRows: table.rows.length,
      moreRows: table.more,
      delimiter: table.delimiter,
      suggested: suggestMapping(table.headers),
    };
    return table.more ? new Answer(preview, tooManyRowsMessage) : preview;
  });

  registerCall(app, { ...candidateImport, tenancy: 'organisation', transaction: false, bodyLimit }, async (ctx) => {
    const { input, req, reply } = ctx;
    const caller = ctx.caller as Caller;
    const scope = ctx.scope;
    const organisationId = scope.organisationId as string;
    const table = await readWholeCsv(input.csv);
    const mapping = input.mapping as Record<string, ImportField | null>;
    checkMapping(table, mapping);
    if (input.dryRun) {
      const planned = await plan(ctx.db, { writer: ctx, scope, organisationId, table, mapping, duplicates: input.duplicates });
      const report = reportOf(planned, true);
      return new Answer(
        report,
        `Dry run: ${report.created} to create, ${report.updated} to update, ${report.skipped} to skip, ${report.failed} with problems`,
      );
    }
    const run = async (progress: (processed: number, total: number) => void) => {
      // Reads only (the batches look again at what may have changed since).
      const planned = await plan(ctx.db, { writer: ctx, scope, organisationId, table, mapping, duplicates: input.duplicates });
      const stopped = await write(ctx, { caller, organisationId, planned, duplicates: input.duplicates, progress });
      return reportOf(planned, false, stopped);
    };
    const message = (report: ImportReport) => {
      const counts = `${report.created} created, ${report.updated} updated, ${report.skipped} skipped, ${report.failed} failed`;
      return report.stopped ? `Imported in part: ${counts}. ${report.stopped.message}` : `Imported: ${counts}`;
    };
    if (!String(req.headers.accept ?? '').includes('application/x-ndjson')) {
      const report = await run(() => undefined);
      return new Answer(report, message(report));
    }
    // Streamed: progress lines while the transaction runs, then the report (or the error) as the last line.
    const stream = new PassThrough();
    reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store');
    reply.send(stream);
    const line = (value: unknown) => stream.write(`${JSON.stringify(value)}\n`);
    try {
      const report = await run((processed, total) => line({ processed, total }));
      line({ message: message(report), report: { ...report, rows: report.rows.map((row) => ({ ...row })) } });
    } catch (error) {
      const known = error instanceof HttpError;
      if (!known) req.log.error({ err: error }, 'candidate import failed');
      line({ error: { code: known ? error.status : 500, message: known ? error.message : 'Something went wrong; nothing was imported' } });
    }
    stream.end();
    return reply;
  });
};
