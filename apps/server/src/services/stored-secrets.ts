import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the app must read back (an organisation's SMTP password, a mailbox's app password), kept
 * encrypted in the database with AES-256-GCM under a key derived from the app's secret (APP_SECRET,
 * or the one kept beside the data): a copy of the database alone does not give them away. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; a value changed in the database fails to open.
 */
export const createStoredSecrets = (appSecret: string) => {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'recruit-stored-secrets', 'aes-256-gcm v1', 32));
  return {
    seal(plain: string) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(stored: string) {
      const [version, iv, tag, sealed] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || sealed === undefined) throw new Error('not a stored secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};

export type StoredSecrets = ReturnType<typeof createStoredSecrets>;
