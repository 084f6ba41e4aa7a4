import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { UploadedFile } from '@app/contract/conventions/common';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../engine/errors';
import type { FileStorage } from './storage/file-storage';
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

/**
 * Files live in the storage given (the local disk or an S3 bucket) and are read only through links
 * that carry an expiring signature.
 */
export const createFileStore = (input: { storage: FileStorage; secret: string; appUrl: string }) => {
  const { storage } = input;
  return {
    /** Where files go (never a credential). */
    description: storage.description,
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
      await storage.put(blobName, content, kind.mimeType);
      return {
        _id: id,
        originalName: cleanFileName(originalName, kind.extension),
        blobName,
        mimeType: kind.mimeType,
        size: content.length,
      };
    },
    /** The whole file; rejects when it is missing, as a file on disk would. */
    async read(blobName: string) {
      const content = await storage.get(blobName);
      if (!content) throw new HttpError(404, 'File not found');
      return content;
    },
    /** The file as a stream for serving, or null when it is missing. */
    open: (blobName: string) => storage.open(blobName),
    /** Stores a file the server made (a drawn CV) under a name of its choosing, unless it is there already. */
    async keep(blobName: string, content: Buffer, contentType: string) {
      if (await storage.exists(blobName)) return;
      await storage.put(blobName, content, contentType);
    },
    /** A link valid for `seconds`; anyone holding it may read the file until then. */
    signedUrl(blobName: string, seconds = 15 * 60) {
      const expires = Math.floor(Date.now() / 1000) + seconds;
      const signature = sign(input.secret, `${blobName}:${expires}`);
      const query = new URLSearchParams({ name: blobName, expires: String(expires), signature });
      return `${input.appUrl}/api/file/read?${query}`;
    },
    /**
     * The stored file's name a link of this product names (its origin, the read path, a signature
     * made for that name), or null for any other address. The expiry is not judged: the caller's own
     * right to the file is, by whoever asks.
     */
    blobNameOfUrl(link: string): string | null {
      let url: URL;
      try {
        url = new URL(link);
      } catch {
        return null;
      }
      const own = new URL(`${input.appUrl}/api/file/read`);
      if (url.origin !== own.origin || url.pathname !== own.pathname) return null;
      const name = url.searchParams.get('name');
      const expires = url.searchParams.get('expires');
      const signature = url.searchParams.get('signature');
      if (!name || !expires || !signature) return null;
      return signatureMatches(input.secret, `${name}:${expires}`, signature) ? name : null;
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
