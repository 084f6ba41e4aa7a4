import type { ResourceDefinition } from '@app/contract/define-resource';
import { resources } from '@app/contract/resources/registry';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { registerResource } from './register-resource';
import { resourceRepository } from './repository';

/**
 * Registers, over the table its definition names, every resource of the contract's registry that no
 * area registered: a resource the generic calls serve as they are needs no line of server code.
 * Run after the areas, which register the resources that need hooks or workflows.
 */
export const registerGenericResources = (
  app: FastifyInstance,
  tables: ReadonlyMap<string, PgTable>,
  listed: readonly ResourceDefinition[] = resources,
) => {
  const registered = new Set(app.resources.map((def) => def.name));
  for (const def of listed) {
    if (registered.has(def.name)) continue;
    const table = tables.get(def.table);
    if (!table) throw new Error(`Resource ${def.name} names table ${def.table}, which no file of src/db/schema defines`);
    registerResource(app, resourceRepository(def, table));
  }
};
