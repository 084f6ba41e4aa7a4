import type { ResourceDefinition } from '@app/contract/define-resource';
import { resources } from '@app/contract/resources/registry';
import type { z } from 'zod';
import { labelOfKey, referenceTargetOf } from './derive-fields';
import { getPath } from './form-values';
import { ReferenceCell } from './name-cell';
import type { Column } from './resource-list';
import { type SchemaFacts, schemaFacts, shapeOf } from './schema-facts';
import { StatusBadge } from './status-badge';
import { formatDateTime, humanise } from './words';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const formatDay = (value: unknown) => {
  if (typeof value !== 'string') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : day.format(date);
};

type Cell = Pick<Column<unknown>, 'render' | 'wrap'>;

const cellOf = (key: string, facts: SchemaFacts, isStatus: boolean): Cell | undefined => {
  const value = (row: unknown) => getPath(row, key);
  switch (facts.kind) {
    case 'enum':
      return isStatus
        ? { render: (row) => (value(row) ? <StatusBadge value={String(value(row))} /> : '') }
        : { render: (row) => (value(row) ? humanise(String(value(row))) : '') };
    case 'enumList':
      return { render: (row) => ((value(row) as string[] | undefined) ?? []).map(humanise).join(', ') };
    case 'textList':
      return { render: (row) => ((value(row) as string[] | undefined) ?? []).join(', '), wrap: true };
    case 'boolean':
      return { render: (row) => (value(row) === true ? 'Yes' : value(row) === false ? 'No' : '') };
    case 'date':
      return { render: (row) => formatDay(value(row)) };
    case 'dateTime':
      return { render: (row) => formatDateTime(value(row)) };
    case 'longText':
      return { wrap: true };
    case 'text':
    case 'email':
    case 'url':
    case 'number':
      return {};
    default:
      // A list of objects or an object needs a screen to say how it reads in one cell.
      return undefined;
  }
};

/**
 * A resource's list columns: each field of its response, in order, headed by its label and shown as its
 * schema says (a status as a badge, an enum in words, yes/no, dates); a reference shows the label the
 * server expands under `expandAs`. Left out: ids that are not expanded references, objects, lists of objects.
 */
export const deriveColumns = <Row,>(definition: ResourceDefinition, registry: readonly ResourceDefinition[] = resources): Column<Row>[] =>
  Object.entries(shapeOf(definition.fields)).flatMap(([key, schema]): Column<Row>[] => {
    const facts = schemaFacts(schema as z.ZodType);
    const header = facts.label ?? labelOfKey(key, facts.kind);
    const reference = referenceTargetOf(definition, key, registry);
    if (reference) {
      const { expandAs } = reference;
      const kind = reference.resource.name;
      return expandAs ? [{ key, header, render: (row) => <ReferenceCell kind={kind} expansion={getPath(row, expandAs)} /> }] : [];
    }
    if (/Ids?$/.test(key)) return [];
    const cell = cellOf(key, facts, key === 'status' && Boolean(definition.status));
    return cell ? [{ key, header, ...cell }] : [];
  });
