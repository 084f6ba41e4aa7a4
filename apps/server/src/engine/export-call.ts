import { Readable } from 'node:stream';
import { siblingOfList } from '@app/contract/conventions/bulk';
import { csvLine, exportCells, exportColumns, exportHeaderLine, exportPageSize, exportRequest } from '@app/contract/conventions/export';
import type { ResourceDefinition } from '@app/contract/define-resource';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CallContext } from './context';
import type { Matching } from './kind-handler';
import { registerCall } from './register-call';
import type { ResourceRepository } from './repository';

const fileDate = () => new Date().toISOString().slice(0, 10);

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
      transaction: false,
    },
    async (ctx) => {
      const { db, scope, reply } = ctx;
      const request = ctx.input as { search: string; filter: Record<string, unknown> };
      const extraWhere = input.listWhere({ ...ctx, repository }, request);
      const page = (after?: string) =>
        repository.exportPage(db, scope, { search: request.search, filter: request.filter, extraWhere, after, limit: exportPageSize });
      const first = await page();
      async function* lines() {
        yield exportHeaderLine(columns);
        let rows = first;
        while (rows.length > 0) {
          yield rows.map((row) => csvLine(exportCells(columns, row))).join('');
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
