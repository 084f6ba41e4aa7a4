import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../src/db/schema/services';

/**
 * The mail (and text messages) the app kept, newest first, for one recipient, once the job queue has
 * sent (or kept) every mail due: mail goes out after the request that queued it.
 */
export const mailTo = async (app: FastifyInstance, to: string) => {
  await app.services.queue.drain();
  return app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
};

export const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] as string;
