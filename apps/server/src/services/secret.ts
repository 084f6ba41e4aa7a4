import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The key that signs file links and codes: APP_SECRET, else one kept beside the data so links survive restarts. */
export const readOrCreateSecret = (dataDir: string, inMemory: boolean) => {
  if (inMemory) return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};
