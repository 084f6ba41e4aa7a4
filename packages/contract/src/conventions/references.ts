import { z } from 'zod';
import type { ResourceDefinition } from '../define-resource';

/** A referenced record as reads answer it beside the id: its id and its label field's value. */
export const referenceSummary = z.object({ _id: z.string(), label: z.string().nullable() });
export type ReferenceSummary = z.infer<typeof referenceSummary>;

/** The schema under its optional, nullable, default and transform wrappers. */
const innermost = (schema: z.ZodType): z.ZodType => {
  let inner = schema;
  for (;;) {
    const def = inner._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (def.innerType) inner = def.innerType;
    else if (def.type === 'pipe' && def.in) inner = def.in;
    else return inner;
  }
};

/** Whether a reference field holds a list of ids (a staff member's roles) rather than one id. */
export const isReferenceList = (def: ResourceDefinition, field: string) => {
  const schema = def.fields.shape[field] as z.ZodType | undefined;
  return !!schema && innermost(schema)._zod.def.type === 'array';
};

/**
 * The keys lists and details add for the definition's expanded references, to merge into its record
 * schema: `{ _id, label }` (null when the referenced record is gone, or not one the caller may read)
 * or a list of them (without those). Optional: lists and details answer them, a create or update
 * answers the record as written.
 */
export const expansionShape = (def: ResourceDefinition): Record<string, z.ZodType> =>
  Object.fromEntries(
    Object.entries(def.references ?? {})
      .filter(([, reference]) => reference.expandAs)
      .map(([field, reference]) => [
        reference.expandAs as string,
        ((summary) => (isReferenceList(def, field) ? z.array(summary) : summary.nullable()).optional())(
          reference.expandWith
            ? referenceSummary.extend(
                Object.fromEntries(Object.entries(reference.expandWith).map(([key, schema]) => [key, schema.nullable()])),
              )
            : referenceSummary,
        ),
      ]),
  );
