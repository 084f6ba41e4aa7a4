import type { ResourceDefinition } from '@app/contract/define-resource';
import type { z } from 'zod';

/** The values of a definition's fields, as zod reads them. */
export type FieldValues<Def extends ResourceDefinition = ResourceDefinition> = z.output<Def['fields']>;

/** A stored row: its id, its columns, and the definition's fields typed. */
export type StoredRow<Def extends ResourceDefinition = ResourceDefinition> = Record<string, unknown> & { id: string } & Partial<
    FieldValues<Def>
  >;

/** A record as a generic call answers it: `_id`, the definition's fields and the system fields. */
export type ResourceRecord<Def extends ResourceDefinition = ResourceDefinition> = Record<string, unknown> &
  Partial<FieldValues<Def>> & { _id: string };
