import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { entityLogs } from '../../src/db/schema/services';

/** The entity-log rows of one record, oldest first: what an auditor would read about it. */
export const logsOf = async (app: FastifyInstance, entityId: string) =>
  app.database.db
    .select({
      entityType: entityLogs.entityType,
      action: entityLogs.action,
      user: entityLogs.user,
      from: entityLogs.from,
      to: entityLogs.to,
      description: entityLogs.description,
    })
    .from(entityLogs)
    .where(eq(entityLogs.entityId, entityId))
    .orderBy(asc(entityLogs.createdAt), asc(entityLogs.id));
