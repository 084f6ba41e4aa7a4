import { Readable } from 'node:stream';
import { audienceOfUserType } from '@app/contract/audiences';
import { siblingOfList } from '@app/contract/conventions/bulk';
import {
  csvLine,
  type ExportColumn,
  exportCells,
  exportColumns,
  exportHeaderLine,
  exportPageSize,
  exportRequest,
} from '@app/contract/conventions/export';
import { audienceRecordSchema } from '@app/contract/conventions/record';
import type { ResourceDefinition } from '@app/contract/define-resource';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CallContext, Caller } from './context';
import type { Matching } from './kind-handler';
import { registerCall } from './register-call';
import type { ResourceRepository } from './repository';

const fileDate = () => new Date().toISOString().slice(0, 10);

/**
 * The columns a caller's file holds: for a definition with audiences, only those of what their
 * audience is answered (a client user's file never holds what staff keep for themselves).
 */
const columnsFor = (def: ResourceDefinition, columns: readonly ExportColumn[], caller: Caller | null) => {
  if (!def.audiences || !caller) return columns;
  const answered = audienceRecordSchema(def, audienceOfUserType(caller.userType)).shape;
  return columns.filter((column) => (column.key.split('.')[0] as string) in answered);
};

/**
 * `POST <base>/export`: the records a list's search and filter match, as CSV, with the permission and
 * scope of the list. Streamed: pages of `exportPageSize` rows read by keyset and written as they come,
 * so a 100,000-row export never sits in memory; the first page is read before the answer starts, so a
 * refused or failing query is still an error envelope.
 */
export const registerExportCall = <Def extends ResourceDefinition>(
  app: FastifyInstance,
  input: {
    repository: ResourceRepository<Def>;
    listWhere: (ctx: CallContext & { repository: ResourceRepository<Def> }, matching: Matching) => SQL[];
  },
) => {
  const { repository } = input;
  const { def } = repository;
  const list = def.calls.list;
  const path = siblingOfList(def, 'export');
  const who = (list?.who ?? []).filter((w) => w !== 'public');
  if (!list || !path || who.length === 0 || def.tenancy !== 'organisation') return;
  const columns = exportColumns(def);
  const fileName = `${def.table.replace(/_/g, '-')}`;
  registerCall(
    app,
    {
      method: 'POST',
      path,
      who,
      name: `${def.name}.export`,
      tag: def.name,
      summary: `The ${repository.label.toLowerCase()} records the list's search and filter match, as CSV`,
      input: exportRequest(def),
      output: z.string().describe('text/csv'),
      access: def.access,
      policies: def.policies,
      level: list.level ?? 'READ',
      tenancy: def.tenancy,
      audiences: def.audiences,
      transaction: false,
    },
    async (ctx) => {
      const { db, scope, reply } = ctx;
      const request = ctx.input as { search: string; filter: Record<string, unknown> };
      const extraWhere = input.listWhere({ ...ctx, repository }, request);
      const page = (after?: string) =>
        repository.exportPage(db, scope, { search: request.search, filter: request.filter, extraWhere, after, limit: exportPageSize });
      const first = await page();
      const shown = columnsFor(def, columns, ctx.caller);
      async function* lines() {
        yield exportHeaderLine(shown);
        let rows = first;
        while (rows.length > 0) {
          yield rows.map((row) => csvLine(exportCells(shown, row))).join('');
          if (rows.length < exportPageSize) return;
          rows = await page(rows[rows.length - 1]?._id);
        }
      }
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}-${fileDate()}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines()));
    },
  );
};
