import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../../engine/ids';
import { checkedKey, type FileStorage } from './file-storage';

/** Files on the local disk under `root` (DATA_DIR/files), one file per key. */
export const localStorage = (input: { root: string }): FileStorage => {
  const root = path.resolve(input.root);
  const pathOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  const sizeOf = async (key: string) => {
    const stat = await fs.stat(pathOf(key)).catch(() => null);
    return stat?.isFile() ? stat.size : null;
  };
  return {
    description: `the local disk under ${root}`,
    async put(key, content) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${target}.${newId()}.partial`;
      try {
        await fs.writeFile(partial, content, { flag: 'wx' });
        await fs.rename(partial, target);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    get: async (key) => fs.readFile(pathOf(key)).catch(() => null),
    async open(key) {
      const size = await sizeOf(key);
      return size === null ? null : { body: createReadStream(pathOf(key)), size };
    },
    exists: async (key) => (await sizeOf(key)) !== null,
  };
};
