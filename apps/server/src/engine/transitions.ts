import { historyEntryOf } from '@app/contract/conventions/stages';
import type { ResourceDefinition, StageMove, Stages } from '@app/contract/define-resource';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { entityLogs } from '../db/schema/services';
import type { Services } from '../services/services';
import { type CallContext, type Caller, type Scope, unscoped } from './context';
import { entityLogRow } from './entity-log';
import { badRequest, notFound } from './errors';
import { referenceTarget } from './references';
import type { ResourceRepository } from './repository';

/** One record's move, as the hooks see it: where from and to, and each stage's type (the value itself for a fixed list). */
export type Transition = {
  record: Record<string, unknown> & { _id: string };
  from: string | null;
  to: string;
  fromType: string | null;
  toType: string | null;
  remarks: string | null;
};

/** What the transition hooks get: the transaction (or, after the commit, the database), who moved and the services. */
export type TransitionContext = Pick<CallContext, 'caller' | 'scope' | 'afterCommit'> & { db: Executor; services: Services };

/** The resource's own steps around its moves, given at registration. */
export type TransitionOptions = {
  /**
   * Why the move calls run without the resource's tenancy scope, when their callers reach the
   * records another way (a company its applicants, by `recruiterId`): `where` then narrows them.
   */
  unscoped?: string;
  /** Conditions every moved record must meet for this caller; a record that does not is a 404. */
  where?: (ctx: TransitionContext) => Promise<SQL[]> | SQL[];
  /**
   * In the transaction, once the records are locked and the moves checked: throw to refuse them all,
   * or answer values every moved record gets with its stage (joining info), written in the move's one
   * statement and logged in its entries.
   */
  beforeTransition?: (
    ctx: TransitionContext & { moves: Transition[]; input: Record<string, unknown> },
    // biome-ignore lint/suspicious/noConfusingVoidType: a step that only checks or mails writes nothing more.
  ) => Promise<Record<string, unknown> | void> | Record<string, unknown> | void;
  /** After the commit, once for all the records that moved (mail on REJECTED or OFFERED). */
  afterTransition?: (ctx: { db: Executor; caller: Caller | null; services: Services; moves: Transition[] }) => Promise<void> | void;
  /** The single move's message ("Status updated successfully"). */
  message?: string;
};

type Row = Record<string, unknown> & { id: string };

const nounOf = (label: string) => label.toLowerCase();
/** "Job Application" as a sentence begins with it: "Job application not found". */
const sentenceCase = (label: string) => label.charAt(0) + label.slice(1).toLowerCase();

/** The destination's stage row, checked to exist and take records; its pipeline and type for the checks that follow. */
const stageRowOf = async (db: Executor, input: { stages: Stages; stage: string; scope: Scope }) => {
  const among = input.stages.among;
  if (among.kind !== 'rows') return undefined;
  const target = referenceTarget(among.resource);
  if (!target) throw new Error(`Stages of ${among.resource} are not a registered resource`);
  const columns = getTableColumns(target.table);
  const pipelineKey = among.stagePipelineField ?? among.pipelineField;
  const selection: Record<string, PgColumn> = { id: columns.id as PgColumn, pipeline: columns[pipelineKey] as PgColumn };
  if (among.typeField) selection.type = columns[among.typeField] as PgColumn;
  if (among.enabledField) selection.enabled = columns[among.enabledField] as PgColumn;
  if (columns.organisationId) selection.organisationId = columns.organisationId as PgColumn;
  // Found by id alone, then held to the caller's organisation and each record's pipeline below.
  // Share-locked: a stage being disabled or removed meanwhile (which locks it) is read as it ends up.
  const [row] = (await db
    .select(selection)
    .from(target.table)
    .where(and(eq(columns.id as PgColumn, input.stage), ...target.scopeWhere(unscoped('checked against the records’ own pipeline'))))
    .limit(1)
    .for('share')) as { id: string; pipeline: string | null; type?: string | null; enabled?: boolean; organisationId?: string | null }[];
  if (!row || (input.scope.organisationId && row.organisationId && row.organisationId !== input.scope.organisationId)) {
    throw notFound(target.label);
  }
  if (row.enabled === false) throw badRequest('This stage is disabled: it takes no records');
  return { ...row, target, pipelineKey };
};

/** The type of each stage the records are at now (rows only), to check the allowed moves from it. */
const typesOf = async (db: Executor, stages: Stages, ids: string[]) => {
  const among = stages.among;
  if (among.kind !== 'rows' || !among.typeField || ids.length === 0) return new Map<string, string | null>();
  const target = referenceTarget(among.resource);
  if (!target) return new Map<string, string | null>();
  const columns = getTableColumns(target.table);
  const rows = (await db
    .select({ id: columns.id as PgColumn, type: columns[among.typeField] as PgColumn })
    .from(target.table)
    .where(inArray(columns.id as PgColumn, ids))) as { id: string; type: string | null }[];
  return new Map(rows.map((row) => [row.id, row.type]));
};

/**
 * Moves records to one stage, all or none, in the caller's transaction: locks them (in id order, so
 * two multi-moves of the same records queue instead of deadlocking), checks the destination (a value
 * of the list, or a live, enabled stage row of each record's own pipeline) and the allowed moves,
 * then appends one history entry to each and sets its stage in one statement, with an entity-log
 * entry each. A record already at the stage is left as it is (no entry). Out-of-scope ids are a 404.
 * The hooks' `afterTransition` runs once the transaction has committed.
 */
export const moveRecords = async <Def extends ResourceDefinition>(
  ctx: TransitionContext & { repository: ResourceRepository<Def>; options?: TransitionOptions },
  input: { ids: readonly string[]; stage: string; remarks?: string | null; input?: Record<string, unknown> },
) => {
  const { db, caller, scope, repository } = ctx;
  const { def, table, label } = repository;
  const stages = def.stages;
  if (!stages) throw new Error(`${def.name} has no stages to move`);
  const columns = getTableColumns(table);
  const column = (key: string) => columns[key] as PgColumn;
  const ids = [...new Set(input.ids)].sort();
  const where = (await ctx.options?.where?.(ctx)) ?? [];
  const locked = (await db
    .select(repository.selection)
    .from(table)
    .where(and(inArray(column('id'), ids), ...repository.scopeWhere(scope), ...where))
    .orderBy(asc(column('id')))
    .for('update')) as Row[];
  if (locked.length < ids.length) throw notFound(sentenceCase(label));

  const destination = await stageRowOf(db, { stages, stage: input.stage, scope });
  const among = stages.among;
  if (destination && among.kind === 'rows') {
    const elsewhere = locked.find((row) => row[among.pipelineField] !== destination.pipeline);
    if (elsewhere) throw badRequest(`The stage is not in this ${nounOf(label)}’s own pipeline`);
  }
  const toType = destination ? (destination.type ?? null) : input.stage;
  const moving = locked.filter((row) => row[stages.field] !== input.stage);
  const fromTypes =
    among.kind === 'rows' ? await typesOf(db, stages, moving.map((row) => row[stages.field] as string).filter(Boolean)) : undefined;
  const remarks = input.remarks ?? null;
  const moves: Transition[] = moving.map((row) => {
    const from = (row[stages.field] as string | null) ?? null;
    return {
      record: repository.toRecord(row),
      from,
      to: input.stage,
      fromType: fromTypes ? (fromTypes.get(from ?? '') ?? null) : from,
      toType,
      remarks,
    };
  });
  for (const move of moves) {
    const allowed = move.fromType ? stages.allowed?.[move.fromType] : undefined;
    if (allowed && toType && !allowed.includes(toType)) {
      throw badRequest(`A ${nounOf(label)} at ${move.fromType} cannot move to ${toType}`);
    }
  }
  const stepValues = (await ctx.options?.beforeTransition?.({ ...ctx, moves, input: input.input ?? {} })) ?? {};
  const movedAt = new Date();
  // Written on every moved record with the stage: what the step gave (logged), and when the record got
  // there (the history's own time, so not logged again).
  const written: Record<string, unknown> = Object.fromEntries(
    Object.entries(stepValues).filter(
      ([key, value]) => key in columns && key !== stages.field && key !== stages.history && value !== undefined,
    ),
  );
  const withStage = { ...written, ...(stages.enteredAt && stages.enteredAt in columns ? { [stages.enteredAt]: movedAt } : {}) };

  // A move is a status change of the stage to the resource's own hooks, as every write is: their
  // checks may refuse it, and what they derive besides the stage is written and logged with it.
  const hooks = repository.hooksOf();
  const hookContext = { db, caller, scope, services: ctx.services, afterCommit: ctx.afterCommit };
  const derivedOf = new Map<string, Record<string, unknown>>();
  if (hooks.beforeUpdate) {
    for (const move of moves) {
      const row = locked.find((candidate) => candidate.id === move.record._id) as Row;
      const sent = { [stages.field]: input.stage };
      const values = await hooks.beforeUpdate({
        ...hookContext,
        id: row.id,
        values: sent as never,
        before: row as never,
        action: 'STATUS_CHANGE',
      });
      const derived = Object.fromEntries(
        Object.entries(values).filter(
          ([key, value]) => key !== stages.field && key !== stages.history && key in columns && value !== undefined,
        ),
      );
      if (Object.keys(derived).length > 0) derivedOf.set(row.id, derived);
    }
  }

  const movedBy = { _id: caller?.id ?? '', name: caller?.name || caller?.email || 'System' };
  const entry = historyEntryOf(stages, { movedBy, stage: input.stage, movedAt: movedAt.toISOString(), remarks } satisfies StageMove);
  if (moves.length > 0) {
    const patch: Record<string, unknown> = {
      ...withStage,
      [stages.field]: input.stage,
      // Appended by the database to the row it has locked: the entry lands once whatever ran before.
      [stages.history]: sql`coalesce(${column(stages.history)}, '[]'::jsonb) || ${JSON.stringify([entry])}::jsonb`,
    };
    if (columns.updatedAt) patch.updatedAt = movedAt;
    if (columns.updatedBy) patch.updatedBy = caller ? { _id: caller.id, name: movedBy.name } : null;
    await db
      .update(table)
      .set(patch)
      .where(
        inArray(
          column('id'),
          moves.map((move) => move.record._id),
        ),
      );
    for (const [id, derived] of derivedOf)
      await db
        .update(table)
        .set(derived)
        .where(eq(column('id'), id));
    await db.insert(entityLogs).values(
      moves.map((move) => {
        const history = (move.record[stages.history] as unknown[] | null) ?? [];
        const derived = { ...written, ...derivedOf.get(move.record._id) };
        const derivedFrom = Object.fromEntries(Object.keys(derived).map((key) => [key, move.record[key] ?? null]));
        return entityLogRow({
          caller,
          organisationId: (move.record.organisationId as string | null) ?? null,
          entityType: def.name,
          labelField: def.labelField,
          action: 'STATUS_CHANGE',
          record: move.record as never,
          from: { ...derivedFrom, [stages.field]: move.from, [stages.history]: history },
          to: { ...derived, [stages.field]: move.to, [stages.history]: [...history, entry] },
        });
      }),
    );
  }
  const movedIds = new Set(moves.map((move) => move.record._id));
  const records: (Record<string, unknown> & { _id: string })[] = [];
  for (const row of locked) {
    const record = repository.toRecord(row);
    if (!movedIds.has(record._id)) {
      records.push(record);
      continue;
    }
    const history = [...((record[stages.history] as unknown[] | null) ?? []), entry];
    const moved = repository.toRecord({
      ...row,
      ...withStage,
      ...derivedOf.get(row.id),
      [stages.field]: input.stage,
      [stages.history]: history,
    });
    const sent = { [stages.field]: input.stage };
    const answered = await hooks.afterWrite?.({
      ...hookContext,
      operation: 'setStatus',
      record: moved as never,
      before: row as never,
      input: sent,
    });
    records.push((answered as typeof moved | undefined) ?? moved);
  }
  const { afterCommit } = hooks;
  if (afterCommit && moves.length > 0) ctx.afterCommit(() => afterCommit({ operation: 'setStatus', services: ctx.services }));
  const afterTransition = ctx.options?.afterTransition;
  if (afterTransition && moves.length > 0) {
    ctx.afterCommit((root) => afterTransition({ db: root, caller, services: ctx.services, moves }));
  }
  return { moves, records };
};
