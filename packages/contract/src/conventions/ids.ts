import { z } from 'zod';
import { fieldName } from './messages';

const objectIdPattern = /^[0-9a-f]{24}$/;

const article = (noun: string) => (/^[aeiou]/.test(noun) ? 'an' : 'a');

/**
 * A 24-hex id; `label` names it in the message the way the spec does ("_id", "contactId", "job id").
 * A form leaves an id out when nothing was chosen: that is said in words ("Please choose a section");
 * the spec's "… must be a valid mongoId" is for a malformed id, which only a hand-made request sends.
 */
export const mongoId = (label = '_id', required?: string) => {
  const invalid = `${label} must be a valid mongoId`;
  const noun = fieldName([label.replace(/ id$/, '')]);
  const missing = required ?? (label === '_id' ? invalid : `Please choose ${article(noun)} ${noun}`);
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : invalid) })
    .min(1, { message: missing, abort: true })
    .regex(objectIdPattern, invalid);
};

export const byId = z.object({ _id: mongoId() }).strict();
export type ById = z.infer<typeof byId>;

export const isObjectId = (value: unknown): value is string => typeof value === 'string' && objectIdPattern.test(value);
