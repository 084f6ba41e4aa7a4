import type { FastifyBaseLogger } from 'fastify';
import { ensureSuperAdminFromEnv } from './areas/setup/routes';
import type { Config } from './config';
import type { Db } from './db/client';
import { seedCatalogue } from './db/seed-catalogue';
import { seedCoverLetters } from './db/seed-cover-letters';
import { seedLookups } from './db/seed-lookups';

/**
 * What a migrated database needs before it serves: the catalogues, lookups and cover letters, and
 * the super admin named in the environment. Each step keeps what is there, so it runs at every start;
 * with several processes the first one runs it before the others start.
 */
export const prepareDatabase = async (input: { db: Db; config: Config; log: FastifyBaseLogger }) => {
  await seedCatalogue(input.db);
  await seedLookups(input.db);
  await seedCoverLetters(input.db);
  await ensureSuperAdminFromEnv(input.db, input.config, input.log);
};
