import { type AudienceRows, audienceOfUserType } from '@app/contract/audiences';
import type { ResourceDefinition } from '@app/contract/define-resource';
import type { AccessGrant, ScopePolicy } from '@app/contract/scope-policy';
import { and, eq, exists, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import type { PolicyCaller, Scope } from './context';

/**
 * The tables of the resources, by definition name, so that a policy names a grant's resource as
 * data ("CrmJobApplication") and the engine finds its table. Filled as repositories are made.
 */
const tablesByResource = new Map<string, PgTable>();
export const rememberResourceTable = (name: string, table: PgTable) => tablesByResource.set(name, table);
/** A registered resource's table, by definition name (a merge rewrites every table that points at a record). */
export const resourceTable = (name: string) => tablesByResource.get(name);

const columnOf = (table: PgTable, key: string, what: string) => {
  const column = getTableColumns(table)[key] as PgColumn | undefined;
  if (!column) throw new Error(`${what}: no column ${key}`);
  return column;
};

/** Whether `column` names the user: equal to it, or a JSON list of ids holding it. */
const holdsUser = (column: PgColumn, userId: string): SQL =>
  column.columnType === 'PgJsonb' ? sql`${column} @> ${JSON.stringify([userId])}::jsonb` : eq(column, userId);

/** A live grant row opening the row (through `rowColumn`) to the caller, or `false` when the caller cannot hold one. */
const grantExists = (grant: AccessGrant, caller: PolicyCaller, rowColumn: PgColumn): SQL => {
  const grants = tablesByResource.get(grant.resource);
  if (!grants) throw new Error(`A grantedAccess policy names ${grant.resource}, which has no repository`);
  const holder = grant.holder === 'client' ? caller.clientId : caller.id;
  if (!holder) return sql`false`;
  const what = `The grant ${grant.resource}`;
  const conditions: SQL[] = [
    eq(columnOf(grants, grant.recordField, what), rowColumn),
    eq(columnOf(grants, grant.holderField, what), holder),
    ...Object.entries(grant.flags ?? {}).map(([key, value]) => eq(columnOf(grants, key, what), value)),
  ];
  if (getTableColumns(grants).isDeleted) conditions.push(eq(columnOf(grants, 'isDeleted', what), false));
  return exists(
    new QueryBuilder({ casing: 'snake_case' })
      .select({ one: sql`1` })
      .from(grants)
      .where(and(...conditions)),
  );
};

export type PolicyScope = {
  /** Conditions ANDed into every query. */
  where: SQL[];
  /** ORed into the OWN/TEAM condition: rows assigned to the caller count as theirs. */
  alsoOwn: SQL[];
  /** Fields answered only where a grant exists: the expression to select instead of the column. */
  masked: Record<string, SQL>;
};

/**
 * The one place a definition's policies become SQL. Each applies to the callers it names: the
 * client-user policy to CRM_CLIENT_USER, the assignee policy to staff with OWN or TEAM scope, a
 * granted-access policy to its `for` user types. A scope without a caller (a workflow's own query
 * for the system, a public call) is narrowed by none of them.
 */
export const policyScope = (def: ResourceDefinition, table: PgTable, scope: Scope): PolicyScope => {
  const result: PolicyScope = { where: [], alsoOwn: [], masked: {} };
  // A code holder reaches the one record its code was issued for, and no row of anything else.
  if (scope.holds) {
    result.where.push(scope.holds.resource === def.name ? eq(columnOf(table, 'id', def.name), scope.holds.recordId) : sql`false`);
  }
  const caller = scope.caller;
  if (!caller) return result;
  const what = `The policy of ${def.name}`;
  audienceScope(def, table, caller, result);
  for (const policy of def.policies ?? ([] as ScopePolicy[])) {
    if (policy.kind === 'clientUser' && caller.userType === 'CRM_CLIENT_USER') {
      result.where.push(caller.clientId ? eq(columnOf(table, policy.field, what), caller.clientId) : sql`false`);
    }
    if (policy.kind === 'assignee' && scope.visibleTo) {
      result.alsoOwn.push(holdsUser(columnOf(table, policy.field, what), caller.id));
    }
    if (policy.kind === 'grantedAccess' && policy.for.includes(caller.userType)) {
      const granted = grantExists(policy.grant, caller, columnOf(table, policy.grant.rowField ?? 'id', what));
      if (!policy.fields) result.where.push(granted);
      for (const field of policy.fields ?? []) {
        const column = columnOf(table, field, what);
        result.masked[field] = sql`case when ${granted} then ${column} end`.mapWith(column);
      }
    }
  }
  return result;
};

/** The rows an audience's view reaches, for its caller. */
const audienceRows = (rows: AudienceRows, table: PgTable, caller: PolicyCaller, what: string): SQL => {
  if ('client' in rows) return caller.clientId ? eq(columnOf(table, rows.client, what), caller.clientId) : sql`false`;
  if ('own' in rows) return holdsUser(columnOf(table, rows.own, what), caller.id);
  return grantExists(rows.granted, caller, columnOf(table, rows.granted.rowField ?? 'id', what));
};

/**
 * A definition's audiences (`audiences`) for a signed-in caller: a client user or a job seeker
 * reaches the rows their view names and none if it names none; a personal field is read only where
 * its grant exists. Staff are narrowed by their permission and the policies instead.
 */
const audienceScope = (def: ResourceDefinition, table: PgTable, caller: PolicyCaller, result: PolicyScope) => {
  if (!def.audiences) return;
  const audience = audienceOfUserType(caller.userType);
  if (audience === 'staff') return;
  const what = `The ${audience} audience of ${def.name}`;
  const view = def.audiences[audience];
  if (!view) {
    result.where.push(sql`false`);
    return;
  }
  // The type asks for rows; a view that slipped through without them reaches nothing rather than everything.
  result.where.push(view.rows ? audienceRows(view.rows, table, caller, what) : sql`false`);
  if (view.personal) {
    const granted = grantExists(view.personal.grant, caller, columnOf(table, view.personal.grant.rowField ?? 'id', what));
    for (const field of view.personal.fields) {
      const column = columnOf(table, field, what);
      result.masked[field] = sql`case when ${granted} then ${column} end`.mapWith(column);
    }
  }
};

/** Whether any policy of the definition narrows or masks what this scope's caller sees. */
export const policiesApply = (scope: PolicyScope) =>
  scope.where.length > 0 || scope.alsoOwn.length > 0 || Object.keys(scope.masked).length > 0;
