import { entityLog, sensitiveReadAudit } from '@app/contract/resources/entity-log';
import { ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { entityLogs } from '../../db/schema/services';
import { grantScope, loadProfile } from '../../engine/access';
import { idsIn, recordNames } from '../../engine/record-names';
import { referenceTarget } from '../../engine/references';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';

/** A record's own bookkeeping, which the log does not show as a change: its ids are not looked up. */
const bookkeeping = new Set(['_id', 'id', 'organisationId', 'createdBy', 'updatedBy', 'deletedBy', 'itemId']);
const changedValues = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([key, inner]) => (bookkeeping.has(key) ? [] : [inner]))
    : [];

export const entityLogRepository = resourceRepository(entityLog, entityLogs);

export const registerEntityLog = (app: FastifyInstance) =>
  registerResource(app, entityLogRepository, {
    handlers: {
      // The generic list, each entry with the names of the records its change points at: one lookup for the page.
      // Replaced, not a read hook: which entries a caller sees (sensitive reads only to auditors) needs
      // their permissions read from the database, and `listWhere` is synchronous.
      list: async (ctx) => {
        // Reads of special-category data are answered only to who audits them.
        const { caller } = ctx;
        const auditor =
          caller?.userType !== 'CRM_USER' ||
          grantScope(await loadProfile(ctx.db, caller), { caller, access: sensitiveReadAudit.access, level: sensitiveReadAudit.level }) !==
            null;
        const page = await ctx.repository.list(ctx.db, ctx.scope, ctx.input, auditor ? [] : [ne(entityLogs.action, 'SENSITIVE_READ')]);
        const idsOf = page.results.map((row) => idsIn([changedValues(row.from), changedValues(row.to)]));
        // The resources the changed records' own references name are asked first (a task's assignees are staff).
        const first = new Set<string>();
        for (const row of page.results) {
          for (const reference of Object.values(referenceTarget(String(row.entityType))?.def.references ?? {}))
            first.add(reference.resource);
        }
        const { organisationId } = ctx.scope;
        const ids = new Set(idsOf.flatMap((each) => [...each]));
        const names = organisationId ? await recordNames(ctx.db, { ids, organisationId, first: [...first] }) : {};
        return {
          ...page,
          results: page.results.map((row, i) => ({
            ...row,
            names: Object.fromEntries([...(idsOf[i] ?? [])].flatMap((id) => (names[id] ? [[id, names[id]]] : []))),
          })),
        };
      },
    },
  });
