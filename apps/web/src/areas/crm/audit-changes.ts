import type { ResourceDefinition } from '@app/contract/define-resource';
import { resources } from '@app/contract/resources/registry';
import { labelOfKey } from '../../kit/derive-fields';
import { schemaFacts, shapeOf } from '../../kit/schema-facts';
import { capitalise, formatDateTime, humanise } from '../../kit/words';

/** One changed field in words: its name, and the value before and after. */
export type Change = { field: string; before: string; after: string };

/** Bookkeeping every record carries: not what anyone changed. */
const hidden = new Set([
  '_id',
  'id',
  'organisationId',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'isDeleted',
  'deletedAt',
  'deletedBy',
  'itemId',
  'passwordHash',
  'password',
]);

/** A secret's field (a password, its hash, a token) is not shown at all, not even that it changed. */
export const isSecretField = (field: string) => /password|secret|token|hash/i.test(field);

const idPattern = /^[0-9a-f]{24}$/i;
const isoDate = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
const enumValue = /^[A-Z][A-Z0-9_]+$/;

/**
 * A stored value as a person reads it: ids by the name of the record they stand for (the server
 * names each entry's records; "another record" when no record of the organisation has it), dates as
 * dates, codes in words, names and numbers of nested records.
 */
export const valueInWords = (value: unknown, names: ReadonlyMap<string, string>): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (idPattern.test(value)) return names.get(value) ?? 'another record';
    if (isoDate.test(value)) return value.length === 10 ? value : formatDateTime(value);
    if (enumValue.test(value)) return humanise(value);
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => valueInWords(item, names)).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['fullName', 'name', 'label', 'title', 'combined', 'value']) {
      if (typeof record[key] === 'string' && record[key] !== '') return valueInWords(record[key], names);
    }
    if (typeof record.first === 'string' || typeof record.last === 'string') return [record.first, record.last].filter(Boolean).join(' ');
    if (typeof record._id === 'string') return valueInWords(record._id, names);
    const parts = Object.entries(record)
      .filter(([key]) => !hidden.has(key) && !isSecretField(key))
      .map(([key, inner]) => `${humanise(key)}: ${valueInWords(inner, names)}`);
    return parts.length > 0 ? parts.join('; ') : '—';
  }
  return String(value);
};

/**
 * What a person calls each kind of record the log names: one map for every screen, derived from the
 * contract's definitions (their names in words), with the internal names people do not say
 * replaced, and the types the server logs that have no definition of their own.
 */
const saidOtherwise: Record<string, string> = {
  OrganisationStaff: 'staff member',
  CrmNote: 'note',
  CrmNoticePeriod: 'notice period',
  EntityLog: 'audit entry',
  SentMail: 'sent mail',
  'Candidate CV': 'CV',
  CV: 'CV',
  Module: 'permission module',
  Feature: 'permission feature',
  User: 'user account',
  WishlistItem: 'saved job',
};
const definitions = new Map<string, ResourceDefinition>(resources.map((def) => [def.name, def]));
export const loggedEntityTypes = [...new Set([...definitions.keys(), ...Object.keys(saidOtherwise)])];

/** A record type as a person says it, in lower case ("OrganisationStaff" → "staff member", "TeamMember" → "team member"). */
export const nounOfEntity = (entityType: string) =>
  saidOtherwise[entityType] ?? humanise(entityType.replace(/^Crm(?=[A-Z])/, '')).toLowerCase();

/** A record type as a heading ("Staff member"). */
export const entityInWords = (entityType: string) => {
  const noun = nounOfEntity(entityType);
  return noun === noun.toUpperCase() ? noun : capitalise(noun);
};

/** A field's label: the definition's own (its schema's label, else its key in words), "Roles" for roleIds. */
export const fieldInWords = (field: string, entityType?: string) => {
  const shape = entityType ? shapeOf(definitions.get(entityType)?.fields ?? ({} as never)) : {};
  // Only the definition's own keys: a logged key such as "constructor" must not find Object's.
  const schema = Object.hasOwn(shape, field) ? shape[field] : undefined;
  if (schema && '_zod' in schema) {
    // A label is words for a person: a schema the kit cannot read (a lazy or piped one it does not
    // know) falls back to the key in words rather than take the audit log down.
    try {
      const facts = schemaFacts(schema);
      return facts.label ?? labelOfKey(field, facts.kind);
    } catch {
      return labelOfKey(field);
    }
  }
  return labelOfKey(field.replace(/_/g, ' '));
};

/** The fields an entry changed, before and after, in words; a created record has only "after", a deleted one only "before". */
export const changesOf = (entry: { from?: unknown; to?: unknown; entityType?: string }, names: ReadonlyMap<string, string>): Change[] => {
  const from = (entry.from && typeof entry.from === 'object' ? entry.from : {}) as Record<string, unknown>;
  const to = (entry.to && typeof entry.to === 'object' ? entry.to : {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((field) => !hidden.has(field) && !isSecretField(field));
  return fields
    .map((field) => ({
      field: fieldInWords(field, entry.entityType),
      before: valueInWords(from[field], names),
      after: valueInWords(to[field], names),
    }))
    .filter((change) => change.before !== change.after);
};

/** The record's number and name from the entry's description ("… updated Client CLI-3 Acme" → "CLI-3 Acme"). */
export const recordLabelOf = (entry: { description: string; entityType: string }) => {
  const marker = ` ${entry.entityType} `;
  const at = entry.description.indexOf(marker);
  const label = at >= 0 ? entry.description.slice(at + marker.length) : '';
  return idPattern.test(label) ? '' : label;
};

/** What a person did, in the past tense: the log's actions as words. */
const done: Record<string, string> = {
  CREATE: 'added',
  UPDATE: 'updated',
  DELETE: 'deleted',
  STATUS_CHANGE: 'changed the status of',
  MERGE: 'merged a duplicate into',
  SENSITIVE_READ: 'viewed the diversity data of',
};

type LoggedEntry = {
  action: string;
  entityType: string;
  description: string;
  user?: { name?: string | null } | null;
  from?: unknown;
  to?: unknown;
};

const idAt = (value: unknown, key: string) => {
  const id = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof id === 'string' ? id : undefined;
};

/**
 * One entry as a person would say it: "Priya Shah added Mateo Patel to the Nurses team", "Ada Admin
 * updated candidate CAN-3 Mateo Patel" — never a type name, an id or a column.
 */
export const activitySentence = (entry: LoggedEntry, names: ReadonlyMap<string, string>) => {
  const who = entry.user?.name?.trim() || 'The system';
  if (entry.entityType === 'TeamMember' && (entry.action === 'CREATE' || entry.action === 'DELETE')) {
    const record = entry.action === 'CREATE' ? entry.to : entry.from;
    const member = names.get(idAt(record, 'userId') ?? '');
    const team = names.get(idAt(record, 'teamId') ?? '');
    if (member && team)
      return entry.action === 'CREATE' ? `${who} added ${member} to the ${team} team` : `${who} removed ${member} from the ${team} team`;
  }
  const noun = nounOfEntity(entry.entityType);
  const label = recordLabelOf(entry);
  const article = /^[aeiou]/i.test(noun) ? 'an' : 'a';
  return `${who} ${done[entry.action] ?? humanise(entry.action).toLowerCase()} ${label ? `${noun} ${label}` : `${article} ${noun}`}`;
};
