import { z } from 'zod';
import { type Audience, type AudienceView, audiences } from '../audiences';
import type { CallKind, ResourceDefinition } from '../define-resource';
import { idName, itemId } from './common';
import { type ListResult, listResult } from './list';
import { expansionShape } from './references';

/** A moment as every answer carries it: ISO 8601 (the server writes its dates this way). */
export const instant = z.iso.datetime({ offset: true });

/** The columns of the spec's base model a record answers beside its own fields. */
export const systemFieldSchemas = {
  itemId: itemId.nullable(),
  organisationId: z.string().nullable(),
  ownerId: z.string().nullable(),
  createdBy: idName.nullable(),
  updatedBy: idName.nullable(),
  createdAt: instant,
  updatedAt: instant,
};
export type SystemField = keyof typeof systemFieldSchemas;
export const systemFields = Object.keys(systemFieldSchemas) as SystemField[];

/** The system fields a definition's records carry: all of them unless it names fewer. */
export const systemFieldsOf = (def: Pick<ResourceDefinition, 'systemFields'>): readonly SystemField[] => def.systemFields ?? systemFields;

type Shape<D extends ResourceDefinition> = { _id: z.ZodString } & Omit<D['fields']['shape'], SystemField> & typeof systemFieldSchemas;
export type RecordSchema<D extends ResourceDefinition> = z.ZodObject<Shape<D>>;
/**
 * A record as the server answers it (what `recordSchema` parses to), spelt so that code generic
 * over definitions (the web kit's lists and forms) still sees `_id` and the system fields.
 */
export type RecordOf<D extends ResourceDefinition> = { _id: string } & SystemValues & z.output<D['fields']>;
type SystemValues = z.output<z.ZodObject<typeof systemFieldSchemas>>;

const records = new WeakMap<ResourceDefinition, z.ZodObject>();

/**
 * A resource's record as every one of its calls answers it: `_id`, its `fields`, the system fields
 * its table has, and its reference expansions. The one place a record's answer is defined: the
 * server sends nothing else, the API docs show it, the web app's types come from it.
 */
export const recordSchema = <D extends ResourceDefinition>(def: D): RecordSchema<D> => {
  let schema = records.get(def);
  if (!schema) {
    const system = Object.fromEntries(systemFieldsOf(def).map((key) => [key, systemFieldSchemas[key]]));
    schema = z.object({ _id: z.string(), ...def.fields.shape, ...system, ...expansionShape(def) });
    records.set(def, schema);
  }
  return schema as RecordSchema<D>;
};

/** A record named by its id alone: what a delete answers, and calls that change a record without showing it. */
export const recordId = z.object({ _id: z.string() });
export const removedRecord = recordId;

/** What a call answers when its message says it all. */
export const noData = z.null();

const lists = new WeakMap<ResourceDefinition, z.ZodType>();

/** A page of a resource's records, as its list (and any workflow listing the same records) answers it. */
export const recordListSchema = <D extends ResourceDefinition>(def: D) => {
  let list = lists.get(def);
  if (!list) {
    list = listResult(recordSchema(def));
    lists.set(def, list);
  }
  return list as ReturnType<typeof listResult<RecordSchema<D>>>;
};

/** What a resource's call answers: its own `output` when it names one, else the record (a page of them for a list). */
export const outputOfCall = (def: ResourceDefinition, kind: CallKind): z.ZodType => {
  const own = def.calls[kind]?.output;
  if (typeof own === 'function') return own(recordSchema(def));
  if (own) return own;
  if (kind === 'remove') return removedRecord;
  return kind === 'list' ? recordListSchema(def) : recordSchema(def);
};

/** The type of what a resource's call answers, as `outputOfCall` decides it. */
export type OutputOf<D extends ResourceDefinition, K extends CallKind> = D['calls'][K] extends { output: infer O extends z.ZodType }
  ? z.output<O>
  : // Made from the record (adding a job's company card, leaving out what the public may not see): typed as the record with what it adds.
    D['calls'][K] extends { output: (record: z.ZodObject) => infer O extends z.ZodType }
    ? RecordOf<D> & z.output<O>
    : K extends 'list'
      ? ListResult<RecordOf<D>>
      : K extends 'remove'
        ? { _id: string }
        : RecordOf<D>;

const audienceRecords = new WeakMap<ResourceDefinition, Map<Audience, z.ZodObject>>();

/**
 * A record as one audience is answered it: `_id` and the fields its view names (all of them for
 * staff without a view), personal fields nullable (null where no grant opens them). An audience the
 * definition does not name is answered the record's id alone (it reaches no rows anyway).
 */
export const audienceRecordSchema = (def: ResourceDefinition, audience: Audience): z.ZodObject => {
  let byAudience = audienceRecords.get(def);
  if (!byAudience) {
    byAudience = new Map();
    audienceRecords.set(def, byAudience);
  }
  let schema = byAudience.get(audience);
  if (!schema) {
    const full = recordSchema(def) as z.ZodObject;
    const view = def.audiences?.[audience] as AudienceView | undefined;
    const named = view ? view.fields : audience === 'staff' ? undefined : [];
    for (const field of [...(named ?? []), ...(view?.personal?.fields ?? [])]) {
      if (!(field in full.shape)) throw new Error(`${def.name}'s ${audience} audience names ${field}, which its record does not have`);
    }
    const kept = named ? Object.fromEntries(['_id', ...named].map((key) => [key, full.shape[key] as z.ZodType])) : full.shape;
    const personal = Object.fromEntries(
      (view?.personal?.fields ?? []).filter((key) => key in kept).map((key) => [key, (full.shape[key] as z.ZodType).nullable()]),
    );
    schema = z.object({ ...kept, ...personal });
    byAudience.set(audience, schema);
  }
  return schema;
};

/**
 * What a resource's call answers each audience (`audiences`; staff and those not named included):
 * `outputOfCall` made from that audience's record. Undefined for a definition without audiences.
 */
export const audienceOutputsOfCall = (def: ResourceDefinition, kind: CallKind): Partial<Record<Audience, z.ZodType>> | undefined => {
  if (!def.audiences) return undefined;
  const own = def.calls[kind]?.output;
  // A call with its own fixed answer (a narrower public card) answers it to everyone.
  if (own && typeof own !== 'function') return undefined;
  // Every audience, the ones the definition does not name too: they are answered a bare id (they reach no rows).
  return Object.fromEntries(
    audiences.map((audience) => {
      const record = audienceRecordSchema(def, audience);
      if (typeof own === 'function') return [audience, own(record)];
      if (kind === 'remove') return [audience, removedRecord];
      return [audience, kind === 'list' ? listResult(record) : record];
    }),
  );
};
