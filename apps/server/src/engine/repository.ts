import type { ListRequest, ListResult } from '@app/contract/conventions/list';
import { systemFieldsOf } from '@app/contract/conventions/record';
import type { ResourceDefinition } from '@app/contract/define-resource';
import { and, asc, desc, eq, getTableColumns, inArray, lt, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { organisations } from '../db/schema/organisations';
import { entityLogs } from '../db/schema/services';
import type { Caller, Scope } from './context';
import { checkDefinitionColumns } from './definition-columns';
import { changedFields, type EntityLogAction, entityLogRow, writeEntityLog } from './entity-log';
import { badRequest, conflict, notFound } from './errors';
import { claimFileReferences } from './file-references';
import { newId } from './ids';
import { nextItemId, reserveItemIds } from './item-id';
import { filterConditions, listRows, searchCondition } from './list-query';
import { teamOfNewRecord } from './record-team';
import type { ResourceRecord, StoredRow } from './records';
import { addReferenceTarget, type ExpansionNarrowing, resourceReferences } from './references';
import type { HookContext, ResourceHooks, WriteContext, WriteOperation } from './resource-hooks';
import { policiesApply, policyScope, rememberResourceTable } from './scope-policies';

type Row = Record<string, unknown> & { id: string };

export type RepositoryOptions<Def extends ResourceDefinition = ResourceDefinition> = {
  /** Column values every row of this resource has, for resources that share a table (staff in users). */
  fixed?: Record<string, unknown>;
  /**
   * Fields whose files the server itself made for this record (the CV PDF drawn when a seeker
   * applies), never a client's reference: they are stored as given, not claimed.
   */
  serverFiles?: readonly string[];
  /** The hooks every write runs, when they can be named where the repository is made (else its registration attaches them). */
  hooks?: ResourceHooks<Def>;
};

/**
 * The only way the generic calls touch a resource's table. Every query ANDs in the caller's scope
 * (organisation, owner, OWN/TEAM visibility) and skips soft-deleted rows; every write logs itself,
 * and every file reference it writes is claimed for the record first (`claimFileReferences`).
 */
export const resourceRepository = <Def extends ResourceDefinition>(def: Def, table: PgTable, options: RepositoryOptions<Def> = {}) => {
  checkDefinitionColumns(def, table);
  rememberResourceTable(def.name, table);
  const columns = getTableColumns(table);
  const column = (key: string) => columns[key] as PgColumn;
  const fieldKeys = Object.keys(def.fields.shape);
  const systemFields = systemFieldsOf(def);
  const fixed = options.fixed ?? {};
  const serverFiles = options.serverFiles ?? [];
  /** Claims the client's file references; the server's own files pass as they are. */
  const claimed = async (db: Executor, claim: Parameters<typeof claimFileReferences>[1]) => {
    const own = Object.fromEntries(Object.entries(claim.values).filter(([key]) => serverFiles.includes(key)));
    const rest = Object.fromEntries(Object.entries(claim.values).filter(([key]) => !serverFiles.includes(key)));
    return { ...(await claimFileReferences(db, { ...claim, values: rest })), ...own };
  };
  const label = def.label ?? def.name.replace(/([a-z])([A-Z])/g, '$1 $2');
  /**
   * Staff's new records are filed under a team of theirs (TEAM scope matches on it), unless the
   * definition's own `teamId` field says which team the record is about (a team membership).
   */
  const filesUnderTeam = def.tenancy === 'organisation' && 'teamId' in columns && !('teamId' in def.fields.shape);

  type ScopeValues = Omit<Scope, 'organisationId' | 'ownerId'> & { organisationId?: string | Placeholder; ownerId?: string | Placeholder };
  /**
   * The one where every query of this resource ANDs in: live rows, the organisation or owner, the
   * OWN/TEAM scope of the caller's permission, and the definition's policies (`policyScope`).
   */
  const checkScoped = (scope: ScopeValues) => {
    if (!scope.organisationId && !scope.ownerId && !scope.holds && scope.unscoped === undefined) {
      throw new Error(`A query of ${def.name} without a scope: pass the caller's, or unscoped('why')`);
    }
  };
  const scopeWhere = (scope: ScopeValues): SQL[] => {
    checkScoped(scope);
    const policies = policyScope(def, table, scope as Scope);
    const where: SQL[] = Object.entries(fixed).map(([key, value]) => eq(column(key), value));
    if (columns.isDeleted) where.push(eq(column('isDeleted'), false));
    if (scope.organisationId) where.push(eq(column('organisationId'), scope.organisationId));
    if (scope.ownerId) where.push(eq(column('ownerId'), scope.ownerId));
    if (scope.visibleTo) {
      const { userId, teamIds } = scope.visibleTo;
      const theirs = [eq(column('ownerId'), userId), ...policies.alsoOwn];
      if (teamIds.length > 0 && columns.teamId) theirs.push(inArray(column('teamId'), teamIds));
      where.push(theirs.length === 1 ? (theirs[0] as SQL) : (or(...theirs) as SQL));
    }
    where.push(...policies.where);
    return where;
  };

  const references = resourceReferences(def, table);
  addReferenceTarget({ def, table, label, fixed, scopeWhere });
  const expansionKeys = references.expansionKeys();

  const toRecord = (row: Row): ResourceRecord<Def> => {
    const record: Record<string, unknown> & { _id: string } = { _id: row.id };
    for (const key of fieldKeys) if (key in row) record[key] = row[key] ?? null;
    for (const key of systemFields) if (key in row) record[key] = row[key] ?? null;
    // Present when the row was read with its expansions (lists and details).
    for (const key of expansionKeys) if (key in row) record[key] = row[key];
    return record as ResourceRecord<Def>;
  };

  /** Keeps only the keys that are columns, so workflow-only input (a password, an admin user) never lands. */
  const columnValues = (values: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([key, value]) => key in columns && key !== 'id' && value !== undefined)
        // Dates travel as ISO strings; timestamp columns store them as dates.
        .map(([key, value]) => [key, typeof value === 'string' && column(key).columnType === 'PgTimestamp' ? new Date(value) : value]),
    );

  const checkUnique = async (db: Executor, values: Record<string, unknown>, exceptId?: string) => {
    for (const rule of def.unique ?? []) {
      if (rule.fields.some((f) => values[f] === undefined || values[f] === null)) continue;
      const where: SQL[] = rule.fields.map((f) => eq(column(f), values[f]));
      if (columns.isDeleted) where.push(eq(column('isDeleted'), false));
      if (def.tenancy === 'organisation' && !rule.global && !rule.fields.includes('organisationId')) {
        where.push(eq(column('organisationId'), values.organisationId as string));
      }
      if (exceptId) where.push(ne(column('id'), exceptId));
      const [taken] = await db
        .select({ id: column('id') })
        .from(table)
        .where(and(...where))
        .limit(1);
      if (taken) throw conflict(rule.message);
    }
  };

  const by = (caller: Caller | null) => (caller ? { _id: caller.id, name: caller.name || caller.email } : undefined);

  /** The columns a record is made of (what its schema answers): wide columns nobody reads stay unread. */
  const selection = Object.fromEntries(
    ['id', ...fieldKeys, ...systemFields].filter((key) => key in columns).map((key) => [key, column(key)]),
  ) as Record<string, PgColumn>;
  /**
   * The selection with each expanded reference (`{ _id, label }`) as a subquery of the same statement,
   * holding to what the caller may read of the referenced resource (`narrowing`).
   */
  const expandedSelection = (narrowing?: ExpansionNarrowing) =>
    expansionKeys.length === 0 ? selection : { ...selection, ...references.expansionFields(narrowing) };
  /** What the scope's caller may not read of the referenced resources, when a read expands them. */
  const narrowingFor = (db: Executor, scope: Scope) => (expansionKeys.length === 0 ? undefined : references.expansionNarrowing(db, scope));
  /** The selection for a scope: a field a granted-access policy masks is read only where granted. */
  const selectionFor = (scope: Scope, expanded = false, narrowing?: ExpansionNarrowing) => ({
    ...(expanded ? expandedSelection(narrowing) : selection),
    ...policyScope(def, table, scope).masked,
  });

  /**
   * Reading one record is the hottest query, and a page of records a search index found the next:
   * outside transactions each runs as a prepared statement per scope shape, so its SQL is built and
   * planned once instead of on every request.
   */
  type Prepared = { execute: (values: Record<string, unknown>) => Promise<unknown[]> };
  const preparedStatements = new WeakMap<Executor, Map<string, Prepared>>();
  const prepared = (db: Executor, name: string, build: () => Prepared) => {
    let byName = preparedStatements.get(db);
    if (!byName) {
      byName = new Map();
      preparedStatements.set(db, byName);
    }
    let query = byName.get(name);
    if (!query) {
      query = build();
      byName.set(name, query);
    }
    return query;
  };
  const preparable = (db: Executor, scope: Scope) =>
    !(db instanceof PgTransaction) && !scope.visibleTo && !policiesApply(policyScope(def, table, scope));
  const scopeShape = (scope: Scope) => `${scope.organisationId ? 'o' : ''}${scope.ownerId ? 'w' : ''}`;
  const placeholderScopeWhere = (scope: Scope) =>
    scopeWhere({
      organisationId: scope.organisationId ? sql.placeholder('organisationId') : undefined,
      ownerId: scope.ownerId ? sql.placeholder('ownerId') : undefined,
      unscoped: scope.unscoped,
    });
  const scopeValues = (scope: Scope) => ({ organisationId: scope.organisationId, ownerId: scope.ownerId });

  const preparedFind = (db: Executor, scope: Scope, expanded: boolean) => {
    const name = `find_${def.name}_${scopeShape(scope)}${expanded ? 'x' : ''}`;
    return prepared(db, name, () =>
      db
        .select(expanded ? expandedSelection() : selection)
        .from(table)
        .where(and(eq(column('id'), sql.placeholder('id')), ...placeholderScopeWhere(scope)))
        .limit(1)
        .prepare(name),
    );
  };

  const find = async (db: Executor, scope: Scope, id: string, expanded = false): Promise<StoredRow<Def> | undefined> => {
    const narrowing = expanded ? await narrowingFor(db, scope) : undefined;
    if (!narrowing && preparable(db, scope)) {
      checkScoped(scope);
      const [row] = await preparedFind(db, scope, expanded).execute({ id, ...scopeValues(scope) });
      return row as StoredRow<Def> | undefined;
    }
    const [row] = await db
      .select(selectionFor(scope, expanded, narrowing))
      .from(table)
      .where(and(eq(column('id'), id), ...scopeWhere(scope)))
      .limit(1);
    return row as StoredRow<Def> | undefined;
  };

  /** The first record in scope that also meets `where` (a job seeker's own profile, say). */
  const first = async (db: Executor, scope: Scope, where: SQL[] = []): Promise<StoredRow<Def> | undefined> => {
    const [row] = await db
      .select(selectionFor(scope))
      .from(table)
      .where(and(...scopeWhere(scope), ...where))
      .limit(1);
    return row as StoredRow<Def> | undefined;
  };

  const get = async (db: Executor, scope: Scope, id: string) => {
    const row = await find(db, scope, id);
    if (!row) throw notFound(label);
    return row;
  };

  const organisationFor = async (db: Executor, scope: Scope, values: Record<string, unknown>) => {
    if (def.tenancy !== 'organisation') return null;
    if (scope.organisationId) return scope.organisationId;
    const chosen = values.organisationId;
    if (typeof chosen !== 'string')
      throw badRequest('Please select an organisation', [{ field: 'organisationId', message: 'Please select an organisation' }]);
    const [org] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.id, chosen), eq(organisations.isDeleted, false)));
    if (!org) throw notFound('Organisation');
    return chosen;
  };

  /** What a file attached to this row is attached to, and who then owns it. */
  const recordOf = (row: Row) => ({
    entityType: def.name,
    id: row.id,
    ownerId: (row.ownerId as string | null | undefined) ?? null,
    organisationId: (row.organisationId as string | null | undefined) ?? null,
  });

  // A computed filter is the custom list handler's to apply; the generic list has no column for it.
  const columnFilters = Object.fromEntries(Object.entries(def.filters).filter(([key]) => !def.computed?.includes(key)));

  const orderBy = def.order
    ? [...def.order.map(({ field, direction }) => (direction === 'asc' ? asc(column(field)) : desc(column(field)))), desc(column('id'))]
    : undefined;

  let hooks: ResourceHooks<Def> = options.hooks ?? {};
  const hookContext = (db: Executor, input: WriteContext): HookContext<Def> => ({
    db,
    caller: input.caller,
    scope: input.scope,
    services: input.services,
    afterCommit: input.afterCommit,
    req: input.req,
  });
  /** The resource's `afterCommit` hook, once a call and kind of write however many records the call wrote. */
  const afterCommitScheduled = new WeakMap<WriteContext['afterCommit'], Set<WriteOperation>>();
  const scheduleAfterCommit = (input: WriteContext, operation: WriteOperation) => {
    const after = hooks.afterCommit;
    if (!after) return;
    const scheduled = afterCommitScheduled.get(input.afterCommit) ?? new Set<WriteOperation>();
    afterCommitScheduled.set(input.afterCommit, scheduled);
    if (scheduled.has(operation)) return;
    scheduled.add(operation);
    input.afterCommit(() => after({ operation, services: input.services }));
  };

  /**
   * The writes themselves, without the hooks: reachable only through the hook-running writes the
   * repository answers, so no path in the app changes a record of this resource and skips them.
   */
  const raw = {
    /** Gives a record to another owner (a bulk "assign owner"), logged as an update of its ownerId. */
    async assignOwner(db: Executor, input: { caller: Caller | null; scope: Scope; id: string; ownerId: string; before?: StoredRow<Def> }) {
      const before = input.before ?? (await get(db, input.scope, input.id));
      if (before.ownerId === input.ownerId) return false;
      const patch: Record<string, unknown> = { ownerId: input.ownerId };
      if (columns.updatedAt) patch.updatedAt = new Date();
      if (columns.updatedBy) patch.updatedBy = by(input.caller);
      await db
        .update(table)
        .set(patch)
        .where(eq(column('id'), input.id));
      await writeEntityLog(db, {
        caller: input.caller,
        organisationId: (before.organisationId as string | null) ?? null,
        entityType: def.name,
        labelField: def.labelField,
        action: 'UPDATE',
        record: toRecord(before) as never,
        from: { ownerId: before.ownerId ?? null },
        to: { ownerId: input.ownerId },
      });
      return true;
    },

    async create(db: Executor, input: { caller: Caller | null; scope: Scope; values: Record<string, unknown> }) {
      const { caller, scope } = input;
      const organisationId = await organisationFor(db, scope, input.values);
      const values: Record<string, unknown> = { ...columnValues(input.values), ...fixed, id: newId() };
      if (columns.organisationId) values.organisationId = organisationId ?? values.organisationId ?? null;
      if (columns.ownerId) values.ownerId = values.ownerId ?? scope.ownerId ?? caller?.id ?? null;
      if (columns.createdBy) values.createdBy = values.updatedBy = by(caller);
      if (filesUnderTeam) {
        // Only staff belong to teams; anyone else's record (a platform admin's) is filed under none.
        values.teamId =
          caller?.userType === 'CRM_USER' && typeof values.organisationId === 'string'
            ? await teamOfNewRecord(db, { caller, organisationId: values.organisationId, requested: input.values.teamId })
            : null;
      }
      // Checked first: a refused id costs one query, not an item number and a uniqueness check.
      await references.check(db, { scope, home: values, values: input.values });
      Object.assign(values, await references.checkRelatedTo(db, { scope, home: values, values }));
      if (def.itemIdPrefix && columns.itemId) {
        values.itemId = await nextItemId(db, {
          organisationId: (values.organisationId as string | null) ?? null,
          entity: def.name,
          prefix: def.itemIdPrefix,
        });
      }
      await checkUnique(db, values);
      const checked = await claimed(db, {
        caller,
        record: recordOf(values as Row),
        values,
      });
      const [row] = (await db.insert(table).values(checked).returning()) as Row[];
      const record = toRecord(row as Row);
      await writeEntityLog(db, {
        caller,
        organisationId: (row?.organisationId as string | null) ?? null,
        entityType: def.name,
        labelField: def.labelField,
        action: 'CREATE',
        record: record as never,
        to: record,
      });
      return record;
    },

    /**
     * Many new records of the caller's organisation at once (an import): the system fields `create`
     * sets (id, organisation, owner, team, who, item numbers in the given order) and an entity-log
     * entry each, in a few statements rather than several per record. Values must already be checked:
     * no file reference and no reference id the caller has not resolved in scope itself, and no
     * unique rule (the definition's `unique` is refused here rather than checked row by row).
     */
    async createMany(db: Executor, input: { caller: Caller | null; scope: Scope; values: Record<string, unknown>[] }) {
      const { caller, scope } = input;
      if (def.unique?.length) throw new Error(`${def.name} has unique rules: createMany cannot check them`);
      if (input.values.length === 0) return [];
      const organisationId = await organisationFor(db, scope, {});
      const teamId =
        filesUnderTeam && caller?.userType === 'CRM_USER' && organisationId ? await teamOfNewRecord(db, { caller, organisationId }) : null;
      const itemIds =
        def.itemIdPrefix && columns.itemId
          ? await reserveItemIds(db, { organisationId, entity: def.name, prefix: def.itemIdPrefix, count: input.values.length })
          : [];
      const rows = input.values.map((given, i) => {
        const values: Record<string, unknown> = { ...columnValues(given), ...fixed, id: newId() };
        if (columns.organisationId) values.organisationId = organisationId;
        if (columns.ownerId) values.ownerId = scope.ownerId ?? caller?.id ?? null;
        if (columns.createdBy) values.createdBy = values.updatedBy = by(caller);
        if (filesUnderTeam) values.teamId = teamId;
        if (itemIds[i]) values.itemId = itemIds[i];
        return values;
      });
      // Well under PostgreSQL's 65,535 parameters a statement for any of our tables.
      const batch = Math.max(1, Math.floor(30_000 / Object.keys(columns).length));
      const records: ResourceRecord<Def>[] = [];
      for (let start = 0; start < rows.length; start += batch) {
        const inserted = (await db
          .insert(table)
          .values(rows.slice(start, start + batch))
          .returning()) as Row[];
        const made = inserted.map(toRecord);
        const logs = made.map((record) =>
          entityLogRow({
            caller,
            organisationId,
            entityType: def.name,
            labelField: def.labelField,
            action: 'CREATE',
            record: record as never,
            to: record,
          }),
        );
        await db.insert(entityLogs).values(logs);
        records.push(...made);
      }
      return records;
    },

    async update(
      db: Executor,
      input: {
        caller: Caller | null;
        scope: Scope;
        id: string;
        values: Record<string, unknown>;
        action?: EntityLogAction;
        before?: StoredRow<Def>;
      },
    ) {
      const before = input.before ?? (await get(db, input.scope, input.id));
      const sent = await references.checkRelatedTo(db, { scope: input.scope, home: before, before, values: columnValues(input.values) });
      delete sent.organisationId;
      delete sent.ownerId;
      await references.check(db, { scope: input.scope, home: before, before, values: sent });
      const patch = await claimed(db, { caller: input.caller, record: recordOf(before), values: sent, stored: before });
      await checkUnique(db, { ...before, ...patch }, input.id);
      if (columns.updatedAt) patch.updatedAt = new Date();
      if (columns.updatedBy) patch.updatedBy = by(input.caller);
      const [row] = (await db
        .update(table)
        .set(patch)
        .where(eq(column('id'), input.id))
        .returning()) as Row[];
      const record = toRecord(row as Row);
      const { from, to } = changedFields(toRecord(before), record);
      if (Object.keys(to).length > 0) {
        await writeEntityLog(db, {
          caller: input.caller,
          organisationId: (row?.organisationId as string | null) ?? null,
          entityType: def.name,
          labelField: def.labelField,
          action: input.action ?? 'UPDATE',
          record: record as never,
          from,
          to,
        });
      }
      return record;
    },

    /** Soft delete: the row leaves lists and details but stays in the database and the log. */
    async remove(db: Executor, input: { caller: Caller | null; scope: Scope; id: string; before?: StoredRow<Def> }) {
      const before = input.before ?? (await get(db, input.scope, input.id));
      await db
        .update(table)
        .set({ isDeleted: true, deletedAt: new Date(), deletedBy: by(input.caller) } as never)
        .where(eq(column('id'), input.id));
      const record = toRecord(before);
      await writeEntityLog(db, {
        caller: input.caller,
        organisationId: (before.organisationId as string | null) ?? null,
        entityType: def.name,
        labelField: def.labelField,
        action: 'DELETE',
        record: record as never,
        from: record,
      });
      return record;
    },
  };

  /**
   * Changes the fields `values` names, through `beforeUpdate` and `afterWrite`; a `STATUS_CHANGE`
   * action is a status change (`setStatus`) to the hooks.
   */
  const update = async (db: Executor, input: WriteContext & { id: string; values: Record<string, unknown>; action?: EntityLogAction }) => {
    const action = input.action ?? 'UPDATE';
    const hookAction = action === 'STATUS_CHANGE' ? 'STATUS_CHANGE' : 'UPDATE';
    const before = await get(db, input.scope, input.id);
    const context = hookContext(db, input);
    const values = hooks.beforeUpdate
      ? await hooks.beforeUpdate({ ...context, id: input.id, values: input.values as never, before, action: hookAction })
      : input.values;
    const record = await raw.update(db, { caller: input.caller, scope: input.scope, id: input.id, values, action, before });
    const operation = hookAction === 'STATUS_CHANGE' ? 'setStatus' : 'update';
    scheduleAfterCommit(input, operation);
    return (await hooks.afterWrite?.({ ...context, operation, record, before, input: input.values })) ?? record;
  };

  return {
    def,
    table,
    label,
    filesUnderTeam,
    selection,
    scopeWhere,
    toRecord,
    find,
    first,
    get,

    /** One record as details answer it: its fields with its expanded references. */
    async details(db: Executor, scope: Scope, id: string) {
      const row = await find(db, scope, id, true);
      if (!row) throw notFound(label);
      return toRecord(row);
    },

    /** The reference checks `create` and `update` run, for workflows that must refuse a bad id before other checks. */
    checkReferences: references.check,

    /**
     * The records of `ids` the caller may see, as a list answers them and in the order of `ids`: the
     * page a search index found (newest first or sorted), read again in the caller's scope.
     */
    async listByIds(db: Executor, scope: Scope, ids: readonly string[]): Promise<ResourceRecord<Def>[]> {
      if (ids.length === 0) return [];
      let rows: unknown[];
      const narrowing = await narrowingFor(db, scope);
      if (!narrowing && preparable(db, scope)) {
        checkScoped(scope);
        const name = `by_ids_${def.name}_${scopeShape(scope)}`;
        const query = prepared(db, name, () =>
          db
            .select(expandedSelection())
            .from(table)
            .where(and(sql`${column('id')} = any(${sql.placeholder('ids')})`, ...placeholderScopeWhere(scope)))
            .prepare(name),
        );
        rows = await query.execute({ ids: [...ids], ...scopeValues(scope) });
      } else {
        rows = await db
          .select(selectionFor(scope, true, narrowing))
          .from(table)
          .where(and(inArray(column('id'), [...ids]), ...scopeWhere(scope)));
      }
      const byId = new Map((rows as Row[]).map((row) => [row.id as string, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toRecord(row)] : [];
      });
    },

    /**
     * A page of records as the list call answers them. `fields`, when given, are all a record of this
     * page carries (besides its id): a screen of thousands of cards reads what a card shows, not each
     * record whole.
     */
    async list(
      db: Executor,
      scope: Scope,
      request: ListRequest,
      extraWhere: SQL[] = [],
      options: { fields?: readonly string[] } = {},
    ): Promise<ListResult<ResourceRecord<Def>>> {
      const full = selectionFor(scope, true, await narrowingFor(db, scope));
      const wanted = options.fields && new Set(['id', ...options.fields]);
      const page = await listRows<Row>(db, {
        table,
        selection: wanted ? Object.fromEntries(Object.entries(full).filter(([key]) => wanted.has(key))) : full,
        request,
        orderBy,
        where: [
          ...scopeWhere(scope),
          ...extraWhere,
          searchCondition(table, def.search, request.search),
          ...filterConditions(table, columnFilters, request.filter),
        ],
      });
      return { ...page, results: page.results.map(toRecord) };
    },

    /**
     * The ids of the records a list's search and filter match in the caller's scope, newest first, at
     * most `limit` (a bulk call's "all N matching"); among `ids` when given, so an id out of scope is
     * simply not there.
     */
    async matchingIds(
      db: Executor,
      scope: Scope,
      input: { ids?: readonly string[]; search?: string; filter?: Record<string, unknown>; extraWhere?: SQL[]; limit: number },
    ): Promise<string[]> {
      const rows = await db
        .select({ id: column('id') })
        .from(table)
        .where(
          and(
            ...scopeWhere(scope),
            ...(input.extraWhere ?? []),
            input.ids ? inArray(column('id'), [...input.ids]) : undefined,
            searchCondition(table, def.search, input.search ?? ''),
            ...filterConditions(table, columnFilters, input.filter ?? {}),
          ),
        )
        .orderBy(desc(column('id')))
        .limit(input.limit);
      return rows.map((row) => row.id as string);
    },

    /**
     * One page of an export: the records a list's search and filter match, as the list answers them,
     * after the id `after` by keyset (ids grow with time, so newest first), never an offset that
     * rereads what came before.
     */
    async exportPage(
      db: Executor,
      scope: Scope,
      input: { search: string; filter: Record<string, unknown>; extraWhere?: SQL[]; after?: string; limit: number },
    ): Promise<ResourceRecord<Def>[]> {
      const rows = (await db
        .select(selectionFor(scope, true, await narrowingFor(db, scope)))
        .from(table)
        .where(
          and(
            ...scopeWhere(scope),
            ...(input.extraWhere ?? []),
            input.after ? lt(column('id'), input.after) : undefined,
            searchCondition(table, def.search, input.search),
            ...filterConditions(table, columnFilters, input.filter),
          ),
        )
        .orderBy(desc(column('id')))
        .limit(input.limit)) as Row[];
      return rows.map(toRecord);
    },

    /** Attaches the hooks every write of this resource runs (its registration does, `registerResource`). */
    useHooks(given: ResourceHooks<Def>) {
      hooks = given;
    },

    /** The hooks attached: the registration's list reads its `listWhere`, a test what is attached. */
    hooksOf: () => hooks,

    /** A new record, through the resource's `beforeCreate` and `afterWrite` hooks in the caller's transaction. */
    async create(db: Executor, input: WriteContext & { values: Record<string, unknown> }) {
      const context = hookContext(db, input);
      const values = hooks.beforeCreate ? await hooks.beforeCreate({ ...context, values: input.values as never }) : input.values;
      const record = await raw.create(db, { caller: input.caller, scope: input.scope, values });
      scheduleAfterCommit(input, 'create');
      return (await hooks.afterWrite?.({ ...context, operation: 'create', record, input: input.values })) ?? record;
    },

    /**
     * Many new records of the caller's organisation at once (an import): each through `beforeCreate`,
     * written in a few statements (`raw.createMany`), then each through `afterWrite`, so an imported
     * record gets what a created one gets.
     */
    async createMany(db: Executor, input: WriteContext & { values: Record<string, unknown>[] }) {
      const context = hookContext(db, input);
      const values: Record<string, unknown>[] = [];
      for (const given of input.values) {
        values.push(hooks.beforeCreate ? await hooks.beforeCreate({ ...context, values: given as never }) : given);
      }
      const made = await raw.createMany(db, { caller: input.caller, scope: input.scope, values });
      if (made.length > 0) scheduleAfterCommit(input, 'create');
      if (!hooks.afterWrite) return made;
      const records: ResourceRecord<Def>[] = [];
      for (const [i, record] of made.entries()) {
        const given = input.values[i] as Record<string, unknown>;
        records.push((await hooks.afterWrite({ ...context, operation: 'create', record, input: given })) ?? record);
      }
      return records;
    },

    update,

    /** A status change: an update of `status` the hooks and the log know as one. */
    setStatus(db: Executor, input: WriteContext & { id: string; status: unknown }) {
      return update(db, { ...input, values: { status: input.status }, action: 'STATUS_CHANGE' });
    },

    /**
     * Gives a record to another owner (a bulk "assign owner"): an update of its ownerId to the hooks,
     * so it goes through the update's own checks (who may act on a staff member) and what an update
     * derives; logged as an update of its ownerId. False when it was theirs already.
     */
    async assignOwner(db: Executor, input: WriteContext & { id: string; ownerId: string }) {
      const before = await get(db, input.scope, input.id);
      if (before.ownerId === input.ownerId) return false;
      const context = hookContext(db, input);
      const sent = { ownerId: input.ownerId };
      const values = hooks.beforeUpdate
        ? await hooks.beforeUpdate({ ...context, id: input.id, values: sent as never, before, action: 'UPDATE' })
        : sent;
      await raw.assignOwner(db, { caller: input.caller, scope: input.scope, id: input.id, ownerId: input.ownerId, before });
      // What the hook derived besides the owner (a field that depends on it): written, and logged where it changed.
      const { ownerId: _ownerId, ...derived } = values;
      const record =
        Object.keys(derived).length > 0
          ? await raw.update(db, { caller: input.caller, scope: input.scope, id: input.id, values: derived })
          : toRecord({ ...before, ...sent });
      scheduleAfterCommit(input, 'update');
      await hooks.afterWrite?.({ ...context, operation: 'update', record, before, input: sent });
      return true;
    },

    /** Soft delete, through `beforeRemove` and `afterWrite`: the row leaves lists and details but stays in the database and the log. */
    async remove(db: Executor, input: WriteContext & { id: string }) {
      const before = await get(db, input.scope, input.id);
      const context = hookContext(db, input);
      await hooks.beforeRemove?.({ ...context, before });
      const record = await raw.remove(db, { caller: input.caller, scope: input.scope, id: input.id, before });
      scheduleAfterCommit(input, 'remove');
      await hooks.afterWrite?.({ ...context, operation: 'remove', record, before, input: { _id: input.id } });
      return { _id: input.id };
    },
  };
};

export type ResourceRepository<Def extends ResourceDefinition = ResourceDefinition> = ReturnType<typeof resourceRepository<Def>>;
