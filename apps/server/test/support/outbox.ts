import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../src/db/schema/services';

/** The mail (and text messages) the app kept, newest first, for one recipient. */
export const mailTo = (app: FastifyInstance, to: string) =>
  app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));

export const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] as string;
