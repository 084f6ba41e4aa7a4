import { isReferenceList } from '@app/contract/conventions/references';
import { type CandidateMergeField, candidateMergeFields, mergeCandidates } from '@app/contract/resources/crm/candidate';
import { resources } from '@app/contract/resources/registry';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import type { Caller, Scope } from '../../engine/context';
import { writeEntityLog } from '../../engine/entity-log';
import { Answer, registerCall } from '../../engine/register-call';
import { resourceTable } from '../../engine/scope-policies';
import { withCounts } from './candidate-counts';
import { moveDiversity } from './candidate-diversity';
import { candidateRepository, derivedColumns } from './candidate-repository';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Rewrites every pointer at the merged candidate to the survivor, in the organisation, driven by the
 * contract registry so that entities added later join by themselves: each related-to list naming it
 * (notes, tasks, events, call logs, emails...) and each reference field whose resource is Candidate
 * (CVs, applications...). A list that already names the survivor keeps it once.
 */
const repointEverything = async (
  db: Executor,
  input: { organisationId: string; mergedId: string; survivorId: string; survivorItemId: unknown },
) => {
  const { organisationId, mergedId, survivorId } = input;
  for (const def of resources) {
    const table = resourceTable(def.name);
    if (!table || def.tenancy !== 'organisation') continue;
    const columns = getTableColumns(table);
    const organisation = eq(columns.organisationId as PgColumn, organisationId);
    if (def.relatedTo && columns[def.relatedTo]) {
      const column = columns[def.relatedTo] as PgColumn;
      const survivorEntry = JSON.stringify({
        _id: survivorId,
        entityType: 'Candidate',
        ...(input.survivorItemId ? { itemId: input.survivorItemId } : {}),
      });
      await db
        .update(table)
        .set({
          [def.relatedTo]: sql`(
            select coalesce(jsonb_agg(entry order by position), '[]'::jsonb) from (
              select entry, min(position) as position from (
                select case when e->>'entityType' = 'Candidate' and e->>'_id' = ${mergedId} then ${survivorEntry}::jsonb else e end as entry, n as position
                from jsonb_array_elements(${column}) with ordinality as listed(e, n)
              ) rewritten group by entry
            ) deduplicated
          )`,
        } as never)
        .where(and(organisation, sql`${column} @> ${JSON.stringify([{ _id: mergedId, entityType: 'Candidate' }])}::jsonb`));
    }
    for (const [field, reference] of Object.entries(def.references ?? {})) {
      if (reference.resource !== 'Candidate' || !columns[field]) continue;
      const column = columns[field] as PgColumn;
      if (isReferenceList(def, field)) {
        await db
          .update(table)
          .set({
            [field]: sql`(select coalesce(jsonb_agg(distinct case when id = ${mergedId} then ${survivorId} else id end), '[]'::jsonb) from jsonb_array_elements_text(${column}) as listed(id))`,
          } as never)
          .where(and(organisation, sql`${column} @> ${JSON.stringify([mergedId])}::jsonb`));
      } else {
        await db
          .update(table)
          .set({ [field]: survivorId } as never)
          .where(and(organisation, eq(column, mergedId)));
      }
    }
  }
};

/**
 * Joins two candidates in one transaction (the call's): the survivor takes the chosen fields, every
 * record pointing at the merged one points at the survivor, the merged one is soft-deleted with
 * `mergedInto` (its details then answer the survivor; its update and delete are 404, as for any
 * deleted record), and both get an entity-log entry.
 */
export const registerCandidateMerge = (app: FastifyInstance) => {
  registerCall(app, { ...mergeCandidates, tenancy: 'organisation' }, async ({ db, caller, scope, input }) => {
    const me = caller as Caller;
    const organisationId = scope.organisationId as string;
    // Both rows locked, in id order, so two merges of the same pair cannot interleave.
    await db
      .select({ id: candidates.id })
      .from(candidates)
      .where(and(inArray(candidates.id, [input.survivorId, input.mergedId].sort()), eq(candidates.organisationId, organisationId)))
      .for('update');
    const survivor = await candidateRepository.get(db, scope as Scope, input.survivorId);
    const merged = await candidateRepository.get(db, scope as Scope, input.mergedId);
    const chosen: Record<string, unknown> = {};
    for (const field of candidateMergeFields as readonly CandidateMergeField[]) {
      const side = input.fields?.[field] ?? 'survivor';
      const own = survivor[field];
      const theirs = merged[field];
      const value = side === 'merged' ? (isEmpty(theirs) ? own : theirs) : isEmpty(own) ? theirs : own;
      if (JSON.stringify(value ?? null) !== JSON.stringify(own ?? null)) chosen[field] = value;
    }
    if (!survivor.userId && merged.userId) chosen.userId = merged.userId;
    const values = { ...chosen, ...derivedColumns({ ...survivor, ...chosen }) };
    await candidateRepository.update(db, { caller: me, scope: scope as Scope, id: survivor.id, values });
    await repointEverything(db, { organisationId, mergedId: merged.id, survivorId: survivor.id, survivorItemId: survivor.itemId });
    await moveDiversity(db, { from: merged.id, to: survivor.id });
    await candidateRepository.remove(db, { caller: me, scope: scope as Scope, id: merged.id });
    await db.update(candidates).set({ mergedInto: survivor.id }).where(eq(candidates.id, merged.id));
    await writeEntityLog(db, {
      caller: me,
      organisationId,
      entityType: 'Candidate',
      action: 'MERGE',
      record: { _id: survivor.id, itemId: survivor.itemId ?? null } as never,
      from: { mergedId: merged.id, mergedItemId: merged.itemId ?? null },
      to: { fields: Object.keys(chosen) },
    });
    const record = await candidateRepository.details(db, scope as Scope, survivor.id);
    return new Answer(withCounts(record), 'Candidates merged');
  });
};
