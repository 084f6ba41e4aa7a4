import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { loadSchemaTables } from '../src/db/schema-tables';
import { registerGenericResources } from '../src/engine/generic-resources';

it('finds every table of db/schema by its SQL name', async () => {
  const tables = await loadSchemaTables();
  expect(tables.has('feedback_categories')).toBe(true);
  expect(tables.has('leads')).toBe(true);
});

it('registers a listed resource no area registered, over its table, and refuses one whose table no schema file defines', async () => {
  const app = Fastify();
  app.decorate('resources', []);
  app.decorate('calls', []);
  registerGenericResources(app, await loadSchemaTables(), [feedbackCategory]);
  expect(app.resources.map((def) => def.name)).toEqual(['Feedback Category']);

  const bare = Fastify();
  bare.decorate('resources', []);
  bare.decorate('calls', []);
  expect(() => registerGenericResources(bare, new Map(), [feedbackCategory])).toThrow(
    'Resource Feedback Category names table feedback_categories, which no file of src/db/schema defines',
  );
});
