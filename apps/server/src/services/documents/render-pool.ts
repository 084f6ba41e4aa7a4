/**
 * Draws CV and cover-letter files off the main thread and keeps them until the document changes.
 *
 * - A small fixed pool of worker threads (cores − 1, at least 1) each draws one file at a time; the
 *   rest wait in a bounded queue, so a burst of downloads never stalls the event loop or the machine.
 * - A job that takes too long is failed and its worker replaced; a worker that dies is replaced too.
 * - Files are cached on disk under DATA_DIR/documents, named by a hash of what they are drawn from
 *   (renderer version, kind, format, template, the validated content and the photo's bytes), so the
 *   same document is drawn once and any change draws a new file. Identical requests in flight share
 *   one drawing. `prune` clears files nobody has asked for in a while (superseded versions).
 *
 * Wiring (for the routes): one pool per app, `createRenderPool({ dataDir: config.dataDir, warm: true })`,
 * closed on shutdown; a CV's photo is read from the file store and passed as `photo` (PNG or JPEG).
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  type CoverLetterDocumentInput,
  type CvDocumentInput,
  coverLetterDocument,
  coverLetterTemplateSlugs,
  cvDocument,
  cvTemplateSlugs,
} from '@app/contract/resources/job-board/cv-document';
import { documentsVersion } from '@app/documents/version';
import { HttpError } from '../../engine/errors';
import { parseInput } from '../../engine/validate';
import type { ResumeRead } from '../resume-parsing/read';
import { workerEntry } from '../worker-entry';
import type { RenderPhoto, WorkerJob, WorkerReady, WorkerReply } from './protocol';
import { cvWithoutContact, type Withheld } from './redaction';

export type DocumentKind = 'cv' | 'cover-letter';
export type DocumentFormat = 'pdf' | 'docx';

export type RenderRequest =
  | {
      kind: 'cv';
      format: DocumentFormat;
      templateSlug?: string | null;
      content: CvDocumentInput;
      photo?: RenderPhoto | null;
      /** Drawn without the candidate's contact details (a client's copy): these values and the patterns of redaction.ts. */
      withhold?: Withheld;
    }
  | { kind: 'cover-letter'; format: DocumentFormat; templateSlug?: string | null; content: CoverLetterDocumentInput };

export type RenderedDocument = {
  /** Where the file is kept (under DATA_DIR/documents). */
  path: string;
  buffer: Buffer;
  /** True when the file was already drawn for exactly this content. */
  cached: boolean;
  contentType: string;
  /** The content hash that names the file. */
  cacheKey: string;
};

export type RenderPoolOptions = {
  dataDir: string;
  /** Worker threads; by default one fewer than the cores, at least one. */
  size?: number;
  /** How long one file may take to draw before its worker is replaced. */
  timeoutMs?: number;
  /** Files waiting beyond this many are refused with a 503. */
  maxQueue?: number;
  /** Start the workers now and have each draw a file first, so the first real file is fast. */
  warm?: boolean;
};

export type RenderPool = {
  renderDocument: (request: RenderRequest) => Promise<RenderedDocument>;
  /**
   * An uploaded CV (PDF, DOC or DOCX) drawn again as a PDF without the contact details (redacted-copy.ts).
   * Not kept here: the caller keeps the copy in the file store.
   */
  drawRedactedCopy: (request: Omit<RedactedCopyJob, 'kind' | 'format'>) => Promise<Buffer>;
  /** An uploaded résumé (PDF, DOC or DOCX) read into lines in a worker (resume-parsing/read.ts). */
  readResume: (source: ResumeTextJob['source']) => Promise<ResumeRead>;
  /** Starts every worker and resolves when all are ready. */
  warmUp: () => Promise<void>;
  stats: () => { size: number; workers: number; busy: number; queued: number; rendered: number; cacheHits: number };
  /** Deletes kept files nobody has asked for in `maxAgeMs` (a file's time is touched on every hit); answers how many went. */
  prune: (maxAgeMs: number) => Promise<number>;
  close: () => Promise<void>;
};

export const contentTypes: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** JSON with keys in a fixed order, so the same content always hashes the same. */
export const stableJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : stableJson(item))).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stableJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

type RedactedCopyJob = Extract<WorkerJob, { kind: 'redacted-copy' }>;
type ResumeTextJob = Extract<WorkerJob, { kind: 'resume-text' }>;
/** A job whose file the pool keeps, named by its content. */
type KeptJob = Exclude<WorkerJob, RedactedCopyJob | ResumeTextJob>;

export const cacheKeyOf = (job: KeptJob) => {
  const photo = job.kind === 'cv' && job.photo ? createHash('sha256').update(job.photo.data).digest('hex') : null;
  // Word files look the same whatever the PDF template, so the template does not name them.
  const template = job.format === 'docx' ? 'docx' : job.templateSlug;
  return createHash('sha256')
    .update(stableJson([documentsVersion, job.kind, job.format, template, job.content, photo]))
    .digest('hex');
};

const resolveJob = (request: RenderRequest): KeptJob => {
  if (request.format !== 'pdf' && request.format !== 'docx') throw new HttpError(400, 'Format must be pdf or docx');
  if (request.kind === 'cv') {
    const valid = parseInput(cvDocument, request.content);
    // Left out after the check: a CV without an email is not one a seeker may save, but a client's copy is drawn so.
    const content = request.withhold ? cvWithoutContact(valid, request.withhold) : valid;
    const templateSlug = request.templateSlug ?? content.templateSlug;
    if (!(cvTemplateSlugs as readonly string[]).includes(templateSlug))
      throw new HttpError(400, `Template must be one of ${cvTemplateSlugs.join(', ')}`);
    const photo =
      request.photo && (request.photo.mimeType === 'image/png' || request.photo.mimeType === 'image/jpeg') ? request.photo : undefined;
    return { kind: 'cv', format: request.format, templateSlug, content, photo };
  }
  if (request.kind === 'cover-letter') {
    const content = parseInput(coverLetterDocument, request.content);
    const templateSlug = request.templateSlug ?? content.templateSlug;
    if (!(coverLetterTemplateSlugs as readonly string[]).includes(templateSlug)) {
      throw new HttpError(400, `Template must be one of ${coverLetterTemplateSlugs.join(', ')}`);
    }
    return { kind: 'cover-letter', format: request.format, templateSlug, content };
  }
  throw new HttpError(400, 'Kind must be cv or cover-letter');
};

type Task = { id: number; job: WorkerJob; resolve: (data: Buffer) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; task?: Task; timer?: NodeJS.Timeout; ready: Promise<void>; started: boolean };

export const createRenderPool = (options: RenderPoolOptions): RenderPool => {
  const size = Math.max(1, Math.floor(options.size ?? (os.availableParallelism?.() ?? os.cpus().length) - 1));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxQueue = options.maxQueue ?? 200;
  const root = path.join(options.dataDir, 'documents');
  const entry = workerEntry(import.meta.url, 'worker');
  const slots = new Set<Slot>();
  const queue: Task[] = [];
  const inFlight = new Map<string, Promise<RenderedDocument>>();
  let nextId = 1;
  let closed = false;
  let rendered = 0;
  let cacheHits = 0;

  const finish = (slot: Slot) => {
    clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = undefined;
    slot.timer = undefined;
    return task;
  };

  const replace = (slot: Slot, reason: Error) => {
    if (!slots.delete(slot)) return;
    finish(slot)?.reject(reason);
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    if (!closed) pump();
  };

  const spawn = () => {
    // React's production build: the development one checks every element and draws noticeably slower.
    const env = { ...process.env, NODE_ENV: 'production' };
    const worker = new Worker(entry.source, { eval: entry.eval, env, workerData: { warm: Boolean(options.warm) } });
    let markReady: () => void = () => undefined;
    const slot: Slot = { worker, ready: new Promise<void>((resolve) => (markReady = resolve)), started: false };
    slots.add(slot);
    worker.on('message', (message: WorkerReply | WorkerReady) => {
      if ('ready' in message) {
        slot.started = true;
        if (!slot.task) worker.unref();
        return markReady();
      }
      if (!slot.task || slot.task.id !== message.id) return;
      const task = finish(slot)!;
      if (message.ok) task.resolve(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength));
      else task.reject(new Error(`Could not draw the document: ${message.error}`));
      pump();
    });
    worker.on('error', (error) =>
      replace(slot, new Error(`The document worker failed: ${error instanceof Error ? error.message : String(error)}`)),
    );
    worker.on('exit', (code) => {
      markReady();
      replace(slot, new Error(`The document worker stopped (exit code ${code})`));
    });
    return slot;
  };

  const dispatch = (slot: Slot, task: Task) => {
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => replace(slot, new HttpError(503, 'The document took too long to draw; please try again')), timeoutMs);
    slot.worker.postMessage({ id: task.id, job: task.job });
  };

  const pump = () => {
    while (queue.length) {
      const slot = [...slots].find((candidate) => !candidate.task) ?? (slots.size < size ? spawn() : undefined);
      if (!slot) break;
      dispatch(slot, queue.shift()!);
    }
    // An idle worker does not keep the process alive; a starting or busy one does.
    for (const slot of slots) if (!slot.task && slot.started) slot.worker.unref();
  };

  const draw = (job: WorkerJob) =>
    new Promise<Buffer>((resolve, reject) => {
      if (closed) return reject(new Error('The render pool is closed'));
      if (queue.length >= maxQueue) return reject(new HttpError(503, 'Too many documents are being drawn; please try again in a moment'));
      queue.push({ id: nextId++, job, resolve, reject });
      pump();
    });

  const fileOf = (key: string, format: DocumentFormat) => path.join(root, key.slice(0, 2), `${key}.${format}`);

  const produce = async (job: KeptJob, key: string): Promise<RenderedDocument> => {
    const file = fileOf(key, job.format);
    const contentType = contentTypes[job.format];
    const existing = await fs.readFile(file).catch(() => undefined);
    if (existing) {
      cacheHits += 1;
      const now = new Date();
      await fs.utimes(file, now, now).catch(() => undefined);
      return { path: file, buffer: existing, cached: true, contentType, cacheKey: key };
    }
    const buffer = await draw(job);
    rendered += 1;
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${randomUUID()}.partial`;
    await fs.writeFile(partial, buffer);
    await fs.rename(partial, file);
    return { path: file, buffer, cached: false, contentType, cacheKey: key };
  };

  const warmUp = async () => {
    while (slots.size < size) spawn();
    await Promise.all([...slots].map((slot) => slot.ready));
  };
  if (options.warm) void warmUp();

  return {
    async renderDocument(request) {
      const job = resolveJob(request);
      const key = cacheKeyOf(job);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = produce(job, key).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    drawRedactedCopy: (request) => draw({ kind: 'redacted-copy', format: 'pdf', ...request }),
    readResume: async (source) => JSON.parse((await draw({ kind: 'resume-text', format: 'json', source })).toString('utf8')) as ResumeRead,
    warmUp,
    stats: () => ({
      size,
      workers: slots.size,
      busy: [...slots].filter((slot) => slot.task).length,
      queued: queue.length,
      rendered,
      cacheHits,
    }),
    async prune(maxAgeMs) {
      const cutoff = Date.now() - maxAgeMs;
      let removed = 0;
      const folders = await fs.readdir(root).catch(() => [] as string[]);
      for (const folder of folders) {
        const names = await fs.readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const name of names) {
          const file = path.join(root, folder, name);
          const stat = await fs.stat(file).catch(() => undefined);
          if (stat?.isFile() && stat.mtimeMs < cutoff) {
            await fs.rm(file, { force: true });
            removed += 1;
          }
        }
      }
      return removed;
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('The render pool is closed'));
      const all = [...slots];
      slots.clear();
      await Promise.all(
        all.map(async (slot) => {
          finish(slot)?.reject(new Error('The render pool is closed'));
          slot.worker.removeAllListeners();
          await slot.worker.terminate();
        }),
      );
    },
  };
};
