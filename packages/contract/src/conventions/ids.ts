import { z } from 'zod';

const objectIdPattern = /^[0-9a-f]{24}$/;

/** A 24-hex id; `label` names it in the message the way the spec does ("_id", "contactId", "job id"). */
export const mongoId = (label = '_id') =>
  z.string({ error: `${label} must be a valid mongoId` }).regex(objectIdPattern, `${label} must be a valid mongoId`);

export const byId = z.object({ _id: mongoId() }).strict();
export type ById = z.infer<typeof byId>;

export const isObjectId = (value: unknown): value is string => typeof value === 'string' && objectIdPattern.test(value);
