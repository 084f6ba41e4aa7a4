import type { ItemId } from '@app/contract/conventions/common';
import type { Executor } from '../db/client';
import { entityLogs } from '../db/schema/services';
import type { Caller } from './context';
import { newId } from './ids';

/** MERGE: another record was joined into this one; SENSITIVE_READ: someone read its special-category data. */
export type EntityLogAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'STATUS_CHANGE' | 'MERGE' | 'SENSITIVE_READ';

const verbs: Record<EntityLogAction, string> = {
  CREATE: 'created',
  UPDATE: 'updated',
  DELETE: 'deleted',
  STATUS_CHANGE: 'changed the status of',
  MERGE: 'merged a duplicate into',
  SENSITIVE_READ: 'viewed the diversity data of',
};

/** A value at a dotted path ("name.fullName"). */
const at = (record: Record<string, unknown>, path: string) =>
  path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);

/**
 * The record as a reader knows it: its number and its name ("Client CLI-0003 Acme Ltd"), so the log
 * reads without looking anything up; the id only when it has neither.
 */
const labelOf = (entityType: string, record: { _id: string; itemId?: ItemId | null }, labelField?: string) => {
  const label = labelField ? at(record as Record<string, unknown>, labelField) : undefined;
  const name = typeof label === 'string' && label.trim() !== '' ? label.trim() : undefined;
  const number = record.itemId?.combined;
  return `${entityType} ${[number, name].filter(Boolean).join(' ') || record._id}`;
};

/** Only the fields that changed, before and after: what an audit reader wants to see. */
export const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'updatedAt' || key === 'updatedBy') continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      from[key] = before[key] ?? null;
      to[key] = after[key] ?? null;
    }
  }
  return { from, to };
};

type EntityLogInput = {
  caller: Caller | null;
  organisationId: string | null;
  entityType: string;
  action: EntityLogAction;
  record: { _id: string; itemId?: ItemId | null };
  /** The definition's label field, to name the record in the description. */
  labelField?: string;
  from?: unknown;
  to?: unknown;
};

/** The log row for one action, for writers that insert many at once (an import). */
export const entityLogRow = (input: EntityLogInput) => {
  const who = input.caller?.name || input.caller?.email || 'System';
  return {
    id: newId(),
    organisationId: input.organisationId,
    entityType: input.entityType,
    entityId: input.record._id,
    action: input.action,
    description: `${who} ${verbs[input.action]} ${labelOf(input.entityType, input.record, input.labelField)}`,
    from: input.from ?? null,
    to: input.to ?? null,
    relatedTo: {
      _id: input.record._id,
      entityType: input.entityType,
      ...(input.record.itemId ? { itemId: input.record.itemId } : {}),
    },
    user: input.caller ? { _id: input.caller.id, name: who } : null,
  };
};

/** Writes who did what to which record, from what to what; runs in the caller's transaction. */
export const writeEntityLog = async (db: Executor, input: EntityLogInput) => {
  await db.insert(entityLogs).values(entityLogRow(input));
};
