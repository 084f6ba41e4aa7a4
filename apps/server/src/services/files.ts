import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from '@app/contract/conventions/common';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../engine/errors';
import { newId } from '../engine/ids';
import { sign, signatureMatches } from './tokens';

export const maxUploadBytes = 10 * 1024 * 1024;

/** What file-type reports for each allowed kind, and the type we store it as. */
const allowed: Record<string, { mimeType: string; extension: string }> = {
  'application/pdf': { mimeType: 'application/pdf', extension: 'pdf' },
  'application/x-cfb': { mimeType: 'application/msword', extension: 'doc' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  'image/png': { mimeType: 'image/png', extension: 'png' },
  'image/jpeg': { mimeType: 'image/jpeg', extension: 'jpg' },
  'image/webp': { mimeType: 'image/webp', extension: 'webp' },
};

/**
 * The spec's rule: non-alphanumeric characters leave the base name. The extension is the one given
 * (the detected type's for uploads), never the client's: "poly.html" holding a PDF is "poly.pdf".
 */
export const cleanFileName = (originalName: string, extension: string) => {
  const base = path.basename(originalName);
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/[^a-zA-Z0-9]/g, '') || 'file';
  return `${stem.slice(0, 100)}.${extension}`;
};

export const judgeFileType = async (content: Buffer) => {
  const detected = await fileTypeFromBuffer(content);
  const kind = detected && allowed[detected.mime];
  if (!kind) throw new HttpError(415, 'Only PDF, DOC, DOCX, PNG, JPEG and WEBP files are allowed');
  return kind;
};

/** Files live under DATA_DIR and are read only through links that carry an expiring signature. */
export const createFileStore = (input: { dataDir: string; secret: string; appUrl: string }) => {
  const root = path.join(input.dataDir, 'files');
  const pathOf = (blobName: string) => {
    const resolved = path.resolve(root, blobName);
    if (!resolved.startsWith(root + path.sep)) throw new HttpError(404, 'File not found');
    return resolved;
  };
  return {
    /**
     * Stores an upload under a random name (not guessable, not time-ordered) with the extension of
     * the type its content shows; `only` narrows the allowed types (a CV is a document).
     */
    async save(
      content: Buffer,
      originalName: string,
      only?: { mimeTypes: ReadonlySet<string>; status: number; message: string },
    ): Promise<Omit<UploadedFile, 'url'>> {
      if (content.length > maxUploadBytes) throw new HttpError(413, 'The file is larger than 10 MB');
      const kind = await judgeFileType(content);
      if (only && !only.mimeTypes.has(kind.mimeType)) throw new HttpError(only.status, only.message);
      const id = randomBytes(12).toString('hex');
      const name = randomBytes(16).toString('hex');
      const blobName = `uploads/${name.slice(0, 2)}/${name}.${kind.extension}`;
      await fs.mkdir(path.dirname(pathOf(blobName)), { recursive: true });
      await fs.writeFile(pathOf(blobName), content, { flag: 'wx' });
      return {
        _id: id,
        originalName: cleanFileName(originalName, kind.extension),
        blobName,
        mimeType: kind.mimeType,
        size: content.length,
      };
    },
    read: (blobName: string) => fs.readFile(pathOf(blobName)),
    /** Stores a file the server made (a drawn CV) under a name of its choosing, unless it is there already. */
    async keep(blobName: string, content: Buffer) {
      const target = pathOf(blobName);
      if (await fs.stat(target).catch(() => null)) return;
      await fs.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${newId()}.partial`;
      await fs.writeFile(partial, content);
      await fs.rename(partial, target);
    },
    /** A link valid for `seconds`; anyone holding it may read the file until then. */
    signedUrl(blobName: string, seconds = 15 * 60) {
      const expires = Math.floor(Date.now() / 1000) + seconds;
      const signature = sign(input.secret, `${blobName}:${expires}`);
      const query = new URLSearchParams({ name: blobName, expires: String(expires), signature });
      return `${input.appUrl}/api/file/read?${query}`;
    },
    verifySignedUrl(query: { name?: string; expires?: string; signature?: string }) {
      const { name, expires, signature } = query;
      if (!name || !expires || !signature) return false;
      if (Number(expires) < Date.now() / 1000) return false;
      return signatureMatches(input.secret, `${name}:${expires}`, signature);
    },
  };
};

export type FileStore = ReturnType<typeof createFileStore>;
