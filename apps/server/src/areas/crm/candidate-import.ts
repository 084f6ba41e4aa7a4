import { PassThrough } from 'node:stream';
import { fullNameOf } from '@app/contract/conventions/common';
import {
  candidateImport,
  candidateImportPreview,
  type ImportField,
  type ImportReport,
  importMaxBytes,
} from '@app/contract/resources/crm/candidate-import';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { Caller, Scope } from '../../engine/context';
import { HttpError } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { readCsv } from './candidate-import-csv';
import { checkMapping, type Planned, plan, reportOf, suggestMapping, type Values } from './candidate-import-plan';
import { syncFromCandidate } from './candidate-profile-sync';
import { candidateRepository, derivedColumns } from './candidate-repository';

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

/** The writes of a real run, in the call's one transaction: the creates in a few batched statements, then each update through the repository. */
const write = async (
  db: Executor,
  input: { caller: Caller; scope: Scope; planned: Planned[]; progress: (processed: number, total: number) => void },
) => {
  const { caller, scope, planned } = input;
  const creates = planned.filter((p) => p.outcome === 'create');
  const updates = planned.filter((p) => p.outcome === 'update');
  const total = creates.length + updates.length;
  const made = await candidateRepository.createMany(db, {
    caller,
    scope,
    values: creates.map((p) => ({ ...(p.values as Values), ...derivedColumns(p.values as Values) })),
    onBatch: (done) => input.progress(done, total),
  });
  made.forEach((record, i) => {
    (creates[i] as Planned).candidateId = record._id;
  });
  let done = creates.length;
  for (const p of updates) {
    const before = await candidateRepository.get(db, scope, p.target as string);
    const patch = updateValues(before, p.sent as Values, p.values as Values);
    const record = await candidateRepository.update(db, {
      caller,
      scope,
      id: p.target as string,
      values: { ...patch, ...derivedColumns({ ...before, ...patch }) },
    });
    if (record.userId) await syncFromCandidate(db, { caller, candidateId: record._id, userId: record.userId as string, values: patch });
    p.candidateId = record._id;
    done += 1;
    if (done % 200 === 0 || done === total) input.progress(done, total);
  }
};

/** The import and its preview (an extra pair of calls beside the spec's; see README). */
export const registerCandidateImport = (app: FastifyInstance) => {
  // JSON escaping can grow the text: room for a 10 MB file written with many quotes.
  const bodyLimit = 3 * importMaxBytes;
  registerCall(app, { ...candidateImportPreview, tenancy: 'organisation', transaction: false, bodyLimit }, async ({ input }) => {
    const table = readCsv(input.csv);
    return {
      headers: table.headers,
      rows: table.rows.slice(0, 5).map((row) => table.headers.map((_, i) => row.cells[i] ?? '')),
      totalRows: table.rows.length,
      delimiter: table.delimiter,
      suggested: suggestMapping(table.headers),
    };
  });

  registerCall(app, { ...candidateImport, tenancy: 'organisation', transaction: false, bodyLimit }, async (ctx) => {
    const { input, req, reply } = ctx;
    const caller = ctx.caller as Caller;
    const scope = ctx.scope;
    const organisationId = scope.organisationId as string;
    const table = readCsv(input.csv);
    const mapping = input.mapping as Record<string, ImportField | null>;
    checkMapping(table, mapping);
    if (input.dryRun) {
      const planned = await plan(ctx.db, { scope, organisationId, table, mapping, duplicates: input.duplicates });
      const report = reportOf(planned, true);
      return new Answer(
        report,
        `Dry run: ${report.created} to create, ${report.updated} to update, ${report.skipped} to skip, ${report.failed} with problems`,
      );
    }
    const run = async (progress: (processed: number, total: number) => void) => {
      const report = await ctx.transaction(async (tx) => {
        // Two imports of one organisation at once would each miss the other's duplicates: one at a time.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`candidate-import:${organisationId}`}))`);
        const planned = await plan(tx, { scope, organisationId, table, mapping, duplicates: input.duplicates });
        await write(tx, { caller, scope, planned, progress });
        return reportOf(planned, false);
      });
      return report;
    };
    const message = (report: ImportReport) =>
      `Imported: ${report.created} created, ${report.updated} updated, ${report.skipped} skipped, ${report.failed} failed`;
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
