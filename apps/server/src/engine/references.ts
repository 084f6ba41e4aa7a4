import { isReferenceList } from '@app/contract/conventions/references';
import type { ResourceDefinition } from '@app/contract/define-resource';
import { and, eq, getTableColumns, getTableName, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { readGrant } from './access';
import { type PolicyCaller, type Scope, unscoped } from './context';
import { badRequest, notFound } from './errors';
import { textExpression } from './list-query';
import { policyScope } from './scope-policies';

/** What a reference needs of the resource it points at; every repository adds itself on creation. */
export type ReferenceTarget = {
  def: ResourceDefinition;
  table: PgTable;
  /** "Client", as in "Client not found". */
  label: string;
  /** Column values every row of the resource has (staff are the users whose type is CRM_USER). */
  fixed: Record<string, unknown>;
  /** The repository's own scope conditions, soft delete included. */
  scopeWhere: (scope: Scope) => SQL[];
};

const targets = new Map<string, ReferenceTarget>();

export const addReferenceTarget = (target: ReferenceTarget) => {
  targets.set(target.def.name, target);
};

/**
 * Takes a resource out of the registry: a test-only resource leaves with the app it was registered
 * on, so the next test file in the same process (which shares this module) does not look in a table
 * its database lacks.
 */
export const forgetReferenceTarget = (name: string) => {
  targets.delete(name);
};

/** A registered resource by definition name, as references and related-to lists find it. */
export const referenceTarget = (name: string) => targets.get(name);

/** Every registered resource (for calls that reach across them all: the records linked to one). */
export const referenceTargets = () => [...targets.values()];

type ResolvedReference = {
  field: string;
  column: PgColumn;
  /** The field holds a JSON list of ids. */
  many: boolean;
  target: ReferenceTarget;
  expandAs?: string;
  partOfRecord?: boolean;
  derivedFrom?: string;
};

const isJsonColumn = (column: PgColumn) => column.dataType === 'json';
/** A dotted label path ("name.fullName") reaches into a JSON column: its first segment is the column. */
const labelColumn = (path: string) => path.split('.')[0] as string;

/**
 * A definition's references against its table and the registered resources; throws one error naming
 * every problem, so a typo stops the server at startup rather than answering 500 on some request.
 */
const resolve = (def: ResourceDefinition, table: PgTable): ResolvedReference[] => {
  const columns = getTableColumns(table);
  const problems: string[] = [];
  const resolved: ResolvedReference[] = [];
  for (const [field, reference] of Object.entries(def.references ?? {})) {
    const column = columns[field] as PgColumn | undefined;
    const target = targets.get(reference.resource);
    const many = isReferenceList(def, field);
    if (!(field in def.fields.shape)) problems.push(`reference "${field}" is not a field`);
    if (!column) problems.push(`reference "${field}" has no column`);
    else if (many !== isJsonColumn(column))
      problems.push(`reference "${field}" is ${many ? 'a list of ids but not a JSON column' : 'one id but a JSON column'}`);
    if (!target) problems.push(`reference "${field}" names the unknown resource "${reference.resource}"`);
    else if (!target.def.labelField) problems.push(`reference "${field}" names ${reference.resource}, which has no labelField`);
    else if (!(labelColumn(target.def.labelField) in getTableColumns(target.table)))
      problems.push(`${reference.resource}'s labelField "${target.def.labelField}" has no column`);
    if (reference.derivedFrom && !def.references?.[reference.derivedFrom])
      problems.push(`reference "${field}" is derived from "${reference.derivedFrom}", which is no reference`);
    for (const key of Object.keys(reference.expandWith ?? {})) {
      if (target && !(key in getTableColumns(target.table)))
        problems.push(`reference "${field}" expands with "${key}", which has no column`);
    }
    if (column && target)
      resolved.push({
        field,
        column,
        many,
        target,
        expandAs: reference.expandAs,
        partOfRecord: reference.partOfRecord,
        derivedFrom: reference.derivedFrom,
      });
  }
  if (def.relatedTo) {
    const column = columns[def.relatedTo] as PgColumn | undefined;
    if (!(def.relatedTo in def.fields.shape)) problems.push(`relatedTo "${def.relatedTo}" is not a field`);
    if (!column || !isJsonColumn(column)) problems.push(`relatedTo "${def.relatedTo}" is not a JSON column`);
  }
  if (problems.length > 0) throw new Error(`Resource ${def.name} (table ${def.table}): ${problems.join('; ')}`);
  return resolved;
};

/**
 * `within` (a referenced resource's tenancy scope) narrowed to what `caller` may READ of the
 * resource: their OWN/TEAM scope on its module and its policies for them; `null` when they may read
 * none of it. Without a caller (the system's own work) it stays as it is.
 */
const readableWithin = async (db: Executor, input: { target: ReferenceTarget; within: Scope; caller?: PolicyCaller }) => {
  if (!input.caller) return input.within;
  const grant = await readGrant(db, { caller: input.caller, access: input.target.def.access });
  return grant && { ...input.within, caller: input.caller, ...grant };
};

/** The rows of `ids` the scope finds (with their itemId where the resource numbers its records). */
const foundIn = async (db: Executor, target: ReferenceTarget, ids: readonly string[], scope: Scope) => {
  if (ids.length === 0) return [];
  const targetColumns = getTableColumns(target.table);
  return db
    .select({ id: targetColumns.id as PgColumn, ...(targetColumns.itemId ? { itemId: targetColumns.itemId as PgColumn } : {}) })
    .from(target.table)
    .where(and(inArray(targetColumns.id as PgColumn, [...ids]), ...target.scopeWhere(scope)));
};

/**
 * Every id sent must be a live record in `within` and, unless the record already holds it
 * (`held`), one the caller may read: else a 404 naming the resource, the same answer as for an id
 * that does not exist. A held id the caller cannot read stays: keeping it tells them nothing, and a
 * form that sends the whole list back must not drop a colleague's contact. At most two queries.
 */
const checkIds = async (
  db: Executor,
  input: { target: ReferenceTarget; ids: readonly string[]; held: ReadonlySet<string>; within: Scope; caller?: PolicyCaller },
) => {
  const { target } = input;
  // Everyone may read their own user record (their profile call answers it): naming oneself, as a
  // task's assignee, needs no permission on staff. Ids are unique across tables, so it matches no other.
  const known = (id: string) => input.held.has(id) || id === input.caller?.id;
  const kept = input.ids.filter(known);
  const fresh = input.ids.filter((id) => !known(id));
  const readable = fresh.length > 0 ? await readableWithin(db, input) : input.within;
  if (!readable) throw notFound(target.label);
  const found = [...(await foundIn(db, target, kept, input.within)), ...(await foundIn(db, target, fresh, readable))];
  if (found.length < input.ids.length) throw notFound(target.label);
  return found;
};

type RelatedEntry = { _id: string; entityType: string; itemId?: unknown };

/**
 * A related-to list checked against the records it names, as it is stored: every entry's
 * `entityType` must be a registered resource of organisation tenancy (else 400) and its `_id` a live
 * record of the home organisation that the caller may read, unless the record already names it
 * (else a 404 naming the resource, as for another organisation's); each entry keeps the record's
 * own itemId, whatever the client sent. One or two queries per entity type.
 */
const checkedRelatedTo = async (
  db: Executor,
  input: { entries: RelatedEntry[]; held: RelatedEntry[]; scope: Scope; organisationId?: string },
) => {
  const byType = new Map<string, Set<string>>();
  for (const entry of input.entries) {
    const target = targets.get(entry.entityType);
    if (target?.def.tenancy !== 'organisation') {
      const message = `Unknown related entity type "${entry.entityType}"`;
      throw badRequest(message, [{ field: 'relatedTo', message }]);
    }
    byType.set(entry.entityType, (byType.get(entry.entityType) ?? new Set()).add(entry._id));
  }
  const itemIds = new Map<string, unknown>();
  for (const [entityType, ids] of byType) {
    const target = targets.get(entityType) as ReferenceTarget;
    const organisationId = input.organisationId ?? input.scope.organisationId;
    const within = organisationId ? { organisationId } : unscoped('a platform admin names records of any organisation');
    const held = new Set(input.held.filter((entry) => entry?.entityType === entityType).map((entry) => entry._id));
    const found = await checkIds(db, { target, ids: [...ids], held, within, caller: input.scope.caller });
    for (const row of found) itemIds.set(`${entityType}:${row.id}`, row.itemId);
  }
  const seen = new Set<string>();
  return input.entries.flatMap((entry) => {
    const key = `${entry.entityType}:${entry._id}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const itemId = itemIds.get(key);
    return [{ _id: entry._id, entityType: entry.entityType, ...(itemId ? { itemId } : {}) }];
  });
};

/**
 * Refuses to start when any registered resource's references name an unknown resource, a field that
 * is not a column, or a resource without a label. Runs once every area has created its repositories.
 */
export const checkReferences = (defs: readonly ResourceDefinition[]) => {
  for (const def of defs) {
    const own = targets.get(def.name);
    if (!own) throw new Error(`Resource ${def.name} has no repository`);
    resolve(def, own.table);
  }
};

/** Where the owning record lives, for tenant references: the referenced record must live there too. */
type Home = Record<string, unknown> & { organisationId?: unknown; ownerId?: unknown };
const idOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
/** The distinct ids a reference field holds: one id or a list of them. */
const idsIn = (value: unknown) => [
  ...new Set((Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string')),
];

/**
 * For a read in a scope, the referenced resources whose expansion the caller may see only in part:
 * by field, the scope of what they may read of it, or `null` for nothing (beside their own user
 * record, by `callerId`). Absent when nothing is narrowed, so the one shared statement serves.
 */
export type ExpansionNarrowing = { callerId: string; byField: Map<string, Scope | null> };

/** The tenancy scope a referenced id must be in: the referenced resource's, filled from the record or the caller. */
const targetScope = (referrer: ResourceDefinition, target: ResourceDefinition, scope: Scope, home: Home): Scope => {
  if (target.tenancy === 'organisation') {
    const organisationId = (referrer.tenancy === 'organisation' ? idOf(home.organisationId) : undefined) ?? scope.organisationId;
    return organisationId ? { organisationId } : unscoped('a platform admin names records of any organisation');
  }
  if (target.tenancy === 'owner') {
    const ownerId = (referrer.tenancy === 'owner' ? idOf(home.ownerId) : undefined) ?? scope.ownerId;
    return ownerId ? { ownerId } : unscoped('a platform admin names records of any owner');
  }
  return unscoped('a platform catalogue is the same for everyone');
};

/**
 * The reference checks and expansions of one resource. Resolved on first use, since the resources a
 * definition points at may be created after it.
 */
export const resourceReferences = (def: ResourceDefinition, table: PgTable) => {
  let resolved: ResolvedReference[] | undefined;
  const references = () => {
    resolved ??= resolve(def, table);
    return resolved;
  };

  /**
   * Every id the values name must exist, be live, be in the referenced resource's tenancy scope and
   * be one the scope's caller may READ (their OWN/TEAM scope on its module, its policies), unless
   * `before` (the record as stored, on an update) already holds it. Anything else is a 404 naming
   * the referenced resource, the same as for an id that does not exist: a reference never reaches
   * a record the caller's own calls would not show.
   */
  const check = async (
    db: Executor,
    input: { scope: Scope; home: Home; values: Record<string, unknown>; before?: Record<string, unknown> },
  ) => {
    for (const reference of references()) {
      const value = input.values[reference.field];
      if (value === undefined || value === null) continue;
      const ids = idsIn(value);
      if (ids.length === 0) continue;
      const { target } = reference;
      await checkIds(db, {
        target,
        ids,
        held: new Set(idsIn(input.before?.[reference.field])),
        within: targetScope(def, target.def, input.scope, input.home),
        caller: reference.derivedFrom ? undefined : input.scope.caller,
      });
    }
  };

  /**
   * The values with the definition's related-to list checked and stored as `checkedRelatedTo`
   * answers it; values without one pass as they are.
   */
  const checkRelatedTo = async (
    db: Executor,
    input: { scope: Scope; home: Home; values: Record<string, unknown>; before?: Record<string, unknown> },
  ) => {
    const field = def.relatedTo;
    const entries = field ? input.values[field] : undefined;
    if (!field || !Array.isArray(entries)) return input.values;
    const organisationId = def.tenancy === 'organisation' ? idOf(input.home.organisationId) : undefined;
    const held = input.before?.[field];
    return {
      ...input.values,
      [field]: await checkedRelatedTo(db, {
        entries: entries as RelatedEntry[],
        held: Array.isArray(held) ? (held as RelatedEntry[]) : [],
        scope: input.scope,
        organisationId,
      }),
    };
  };

  /**
   * What a read in `scope` may expand of each referenced resource, where the caller may read less
   * than the whole organisation (`ExpansionNarrowing`); undefined when nothing is narrowed.
   */
  const expansionNarrowing = async (db: Executor, scope: Scope): Promise<ExpansionNarrowing | undefined> => {
    if (!scope.caller) return undefined;
    const byField = new Map<string, Scope | null>();
    for (const { field, target, expandAs, partOfRecord } of references()) {
      if (!expandAs || partOfRecord || target.def.tenancy !== 'organisation') continue;
      const within = scope.organisationId
        ? { organisationId: scope.organisationId }
        : unscoped('the expansion itself matches the record’s own organisation');
      const readable = await readableWithin(db, { target, within, caller: scope.caller });
      if (!readable || readable.visibleTo || policyScope(target.def, target.table, readable).where.length > 0) {
        byField.set(field, readable);
      }
    }
    return byField.size > 0 ? { callerId: scope.caller.id, byField } : undefined;
  };

  let expansions: Record<string, SQL> | undefined;
  /**
   * The expanded references as select fields: a correlated subquery each, so a list answers them in its
   * own statement. Only live records of the referenced resource are answered, for a reference
   * between two organisation tables only those of the record's own organisation, and with a
   * `narrowing` only those the caller may read, and their own user record: the others are left out
   * (a list without them, null for one id), so no name of a record out of their scope is answered.
   * Built once without one.
   */
  const expansionFields = (narrowing?: ExpansionNarrowing) => {
    if (expansions && !narrowing) return expansions;
    const ownColumns = getTableColumns(table);
    const built: Record<string, SQL> = {};
    for (const { field, column, many, target, expandAs } of references()) {
      if (!expandAs) continue;
      const readable = narrowing?.byField.get(field);
      const name = `ref_${field}`;
      const other = alias(target.table, name);
      const otherColumns = getTableColumns(other);
      const from = sql`${sql.identifier(getTableName(target.table))} ${sql.identifier(name)}`;
      const where: SQL[] = Object.entries(target.fixed).map(([key, value]) => eq(otherColumns[key] as PgColumn, value));
      if (otherColumns.isDeleted) where.push(eq(otherColumns.isDeleted as PgColumn, false));
      if (def.tenancy === 'organisation' && target.def.tenancy === 'organisation') {
        where.push(sql`${otherColumns.organisationId} = ${ownColumns.organisationId}`);
      }
      // Wrapped, a column keeps its table name: drizzle strips it from columns at the top of a select
      // field of a one-table query, and inside the subquery an unqualified name could mean either table.
      const otherId = sql`${otherColumns.id}`;
      if (narrowing?.byField.has(field)) {
        const self = sql`${otherId} = ${narrowing.callerId}`;
        if (readable) {
          // By the referenced table's own name, so its scope's conditions (policies included) apply as they are.
          const targetColumns = getTableColumns(target.table);
          const readableIds = new QueryBuilder({ casing: 'snake_case' })
            .select({ id: targetColumns.id as PgColumn })
            .from(target.table)
            .where(and(...target.scopeWhere(readable)));
          where.push(or(self, inArray(otherId, readableIds)) as SQL);
        } else where.push(self);
      }
      const own = sql`${column}`;
      // A reference's `expandWith` columns follow the label (a notice period's valueInDays).
      const extra = Object.keys(def.references?.[field]?.expandWith ?? {}).map(
        (key) => sql`, ${sql.raw(`'${key.replace(/[^A-Za-z0-9_]/g, '')}'`)}, ${otherColumns[key]}`,
      );
      const summary = sql`json_build_object('_id', ${otherId}, 'label', ${textExpression(other, target.def.labelField as string)}${sql.join(extra)})`;
      const live = and(sql`true`, ...where);
      built[expandAs] = many
        ? sql`coalesce((select json_agg(${summary} order by listed.position) from jsonb_array_elements_text(${own}) with ordinality as listed(id, position) join ${from} on ${otherId} = listed.id where ${live}), '[]'::json)`
        : sql`(select ${summary} from ${from} where ${otherId} = ${own} and ${live})`;
    }
    if (!narrowing) expansions = built;
    return built;
  };

  return {
    check,
    checkRelatedTo,
    expansionNarrowing,
    expansionFields,
    /** The keys reads add beside the fields. */
    expansionKeys: () => Object.values(def.references ?? {}).flatMap((reference) => (reference.expandAs ? [reference.expandAs] : [])),
  };
};
