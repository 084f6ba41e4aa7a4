import type { FilterKind } from '@app/contract/conventions/list';
import type { ResourceDefinition } from '@app/contract/define-resource';
import { resources } from '@app/contract/resources/registry';
import type { z } from 'zod';
import type { FieldDescriptor, FieldKind, FormMode, Option, ReferenceTarget } from './field-descriptor';
import type { FilterControl } from './list-filters';
import { type SchemaKind, schemaFacts, shapeOf } from './schema-facts';
import { humanise } from './words';

/**
 * What a field's key says to a person: "firstName" is "First name", "moduleId" "Module", and a yes/no
 * "isVerified" "Verified".
 */
export const labelOfKey = (key: string, kind?: SchemaKind) =>
  humanise((kind === 'boolean' ? key.replace(/^is(?=[A-Z])/, '') : key).replace(/Ids$/, 's'));

/** One record in words: "JobTitle" is "job title". */
export const nounOf = (definition: ResourceDefinition) => humanise(definition.name).toLowerCase();

/** An id means nothing to a person: a field holding one shows only as a reference. */
const holdsIds = (key: string) => /Ids?$/.test(key);

const labelFieldCandidates = ['label', 'title', 'name'];

/**
 * The resource a field points at, found by name among the definitions, with the field that names its
 * records; none when the field is no reference or the resource has no list to pick from.
 */
export const referenceTargetOf = (
  definition: ResourceDefinition,
  key: string,
  registry: readonly ResourceDefinition[] = resources,
): ReferenceTarget | undefined => {
  const reference = definition.references?.[key];
  if (!reference) return undefined;
  const target = registry.find((candidate) => candidate.name === reference.resource);
  if (!target?.calls.list) return undefined;
  const labelField = target.labelField ?? labelFieldCandidates.find((name) => name in target.fields.shape) ?? '_id';
  return { resource: target, labelField, expandAs: reference.expandAs };
};

const fieldKinds: Partial<Record<SchemaKind, FieldKind>> = {
  text: 'text',
  longText: 'textarea',
  email: 'email',
  url: 'url',
  date: 'date',
  number: 'number',
  boolean: 'switch',
  enum: 'select',
  enumList: 'multiselect',
  textList: 'tags',
  image: 'image',
  // A timestamp, a list of objects and an object need a screen to say how they are edited.
};

const modesOf = (inCreate: boolean, inUpdate: boolean): readonly FormMode[] | undefined => {
  if (inCreate && inUpdate) return undefined;
  return inCreate ? ['create'] : ['edit'];
};

/**
 * The create and edit form's fields of a resource: every key of its create and update schemas, in that
 * order, labelled and kinded from its schema; required when the create schema needs it; a reference is a
 * picker searching the referenced resource. Left out: `_id`, computed fields, ids that are no reference,
 * the status when a call of its own changes it (the create form keeps it), and what has no input of its own
 * (an object, a timestamp): a screen adds those itself.
 */
export const deriveFields = (definition: ResourceDefinition, registry: readonly ResourceDefinition[] = resources): FieldDescriptor[] => {
  const create = shapeOf(definition.create);
  const update = shapeOf(definition.update);
  const keys = [...new Set([...Object.keys(create), ...Object.keys(update)])].filter(
    (key) => key !== '_id' && !definition.computed?.includes(key),
  );
  return keys.flatMap((key): FieldDescriptor[] => {
    const inCreate = key in create;
    const inUpdate = key in update && !(key === 'status' && definition.calls.setStatus);
    if (!inCreate && !inUpdate) return [];
    const schema = (create[key] ?? update[key]) as z.ZodType;
    const facts = schemaFacts(schema);
    const updateSchema = update[key];
    const common = {
      name: key,
      label: facts.label ?? labelOfKey(key, facts.kind),
      required: inCreate && !facts.optional,
      modes: modesOf(inCreate, inUpdate),
      // An edit clears what may be null with null, since '' would not pass for an id or an email.
      nullable: Boolean(updateSchema?.safeParse(null).success),
    };
    const target = referenceTargetOf(definition, key, registry);
    if (target) {
      const many = facts.kind === 'list' || facts.kind === 'textList';
      return [{ ...common, kind: many ? 'multiselect' : 'select', reference: target }];
    }
    const kind = fieldKinds[facts.kind];
    if (!kind || holdsIds(key)) return [];
    return [{ ...common, kind, ...(facts.options ? { options: facts.options } : {}) }];
  });
};

/** The values a create form starts from: the create schema's defaults (a skill is HARD and ACTIVE unless changed). */
export const deriveDefaults = (definition: ResourceDefinition): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(shapeOf(definition.create)).flatMap(([key, schema]) => {
      const { defaultValue } = schemaFacts(schema);
      return defaultValue === undefined ? [] : [[key, defaultValue]];
    }),
  );

const yesNo: Option[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/**
 * A list's filters from its definition, in their order: a yes/no for a boolean value, a choice for an enum,
 * a search of the referenced resource for a reference. A date range and a free value have no control yet.
 */
export const deriveFilters = (definition: ResourceDefinition, registry: readonly ResourceDefinition[] = resources): FilterControl[] =>
  Object.entries(definition.filters as Record<string, FilterKind>).flatMap(([key, filter]): FilterControl[] => {
    if (filter.kind === 'id') {
      const reference = referenceTargetOf(definition, key, registry);
      return reference ? [{ key, label: labelOfKey(key), reference }] : [];
    }
    if (filter.kind !== 'value') return [];
    const facts = schemaFacts(filter.schema);
    if (facts.kind === 'boolean') {
      return [{ key, label: facts.label ?? labelOfKey(key, 'boolean'), options: yesNo, toFilter: (value: string) => value === 'true' }];
    }
    return facts.options ? [{ key, label: facts.label ?? labelOfKey(key), options: facts.options }] : [];
  });
