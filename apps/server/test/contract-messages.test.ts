/// <reference types="vite/client" />
import type { ResourceDefinition, WorkflowDefinition } from '@app/contract/define-resource';
import { resources } from '@app/contract/resources/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** Every workflow the contract defines: each export of a resource module that has an input and a path. */
const modules: Record<string, Record<string, unknown>> = import.meta.glob('../../../packages/contract/src/resources/**/*.ts', {
  eager: true,
});
const workflows = Object.values(modules).flatMap((module) =>
  Object.values(module).filter(
    (value): value is WorkflowDefinition =>
      typeof value === 'object' && value !== null && 'input' in value && 'path' in value && 'method' in value,
  ),
);

/** What zod says when a schema names no message of its own, and the API's raw id wording. */
const robotic = /Invalid input|expected (string|number|object|array|boolean)|received undefined|Too (small|big):/;

const wrongValueFor = (schema: unknown) => (schema instanceof z.ZodBoolean ? 'yes' : true);

const inputs = (schema: z.ZodType): unknown[] => {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
  return [undefined, {}, Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, wrongValueFor(field)]))];
};

const messagesOf = (schema: z.ZodType, tried = inputs(schema)) =>
  tried.flatMap((input) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.filter((i) => i.code !== 'unrecognized_keys').map((i) => i.message);
  });

const schemas: [string, z.ZodType][] = [
  ...resources.flatMap((def: ResourceDefinition) => [
    [`${def.name} create`, def.create] as [string, z.ZodType],
    [`${def.name} update`, def.update] as [string, z.ZodType],
  ]),
  ...workflows.map((w) => [`${w.name} (${w.method} ${w.path})`, w.input] as [string, z.ZodType]),
];

describe('the contract speaks to people', () => {
  it('finds the workflows', () => {
    expect(workflows.length).toBeGreaterThan(50);
  });

  it.each(schemas)('%s: missing or wrongly typed input never answers with zod’s own words', (_name, schema) => {
    const robotMessages = messagesOf(schema).filter((message) => robotic.test(message));
    expect(robotMessages).toEqual([]);
    // A form's id left unchosen is said in words; "… must be a valid mongoId" is for a malformed one.
    const missingIds = messagesOf(schema, [{}]).filter((message) => /mongoId/.test(message) && !message.startsWith('_id '));
    expect(missingIds).toEqual([]);
  });
});
