import type { Config } from '../config';
import type { FileStore } from './files';
import type { Gazetteer } from './gazetteer';
import type { Mailer } from './mail';
import type { OneTimeCodes } from './one-time-codes';
import type { RateLimiter } from './rate-limit';
import type { Sessions } from './sessions';

/** What handlers use beyond the database; built once per app in app.ts. */
export type Services = {
  config: Config;
  mail: Mailer;
  files: FileStore;
  codes: OneTimeCodes;
  gazetteer: Gazetteer;
  sessions: Sessions;
  limits: { loginPerAccount: RateLimiter; loginPerAddress: RateLimiter; publicPerAddress: RateLimiter };
};
