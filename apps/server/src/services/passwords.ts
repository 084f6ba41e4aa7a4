import argon2 from 'argon2';

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

export const verifyPassword = async (hash: string | null | undefined, password: string) => {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
};

/** Spends about as long as a real check, so a missing account cannot be told from a wrong password. */
const dummyHash = hashPassword('not-a-real-password');
export const verifyNothing = async (password: string) => {
  await argon2.verify(await dummyHash, password).catch(() => false);
  return false;
};
