/**
 * A document worker: draws PDFs with react-pdf and Word files with docx off the main thread, one job
 * at a time, for render-pool.ts. It runs TypeScript through tsx (the pool starts it with tsx's loader).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { renderCoverLetterDocx } from '@app/documents/docx/cover-letter';
import { renderCvDocx } from '@app/documents/docx/cv';
import { renderCoverLetterPdf, renderCvPdf } from '@app/documents/render-pdf';
import { sampleCv } from '@app/documents/samples';
import type { WorkerJob, WorkerOptions, WorkerReady, WorkerReply, WorkerRequest } from './protocol';

const draw = async (job: WorkerJob): Promise<Buffer> => {
  if (job.kind === 'redacted-copy') {
    // Loaded on first use: pdf.js is large, and most workers only ever draw CVs and letters.
    const { drawRedactedCopy } = await import('./redacted-copy');
    return drawRedactedCopy(job.source, job.withheld, job.notice);
  }
  if (job.kind === 'resume-text') {
    const { readResumeLayout } = await import('../resume-parsing/read');
    return Buffer.from(JSON.stringify(await readResumeLayout(job.source.data, job.source.mimeType)));
  }
  if (job.kind === 'cv') {
    const photo = job.photo;
    if (job.format === 'docx') {
      return renderCvDocx(job.content, { photo: photo && { data: photo.data, type: photo.mimeType === 'image/png' ? 'png' : 'jpg' } });
    }
    const dataUri = photo && `data:${photo.mimeType};base64,${Buffer.from(photo.data).toString('base64')}`;
    return renderCvPdf(job.content, job.templateSlug, { photo: dataUri });
  }
  return job.format === 'docx' ? renderCoverLetterDocx(job.content) : renderCoverLetterPdf(job.content, job.templateSlug);
};

/**
 * Drawing yields to the API: on Linux a thread has its own nice value, so this thread (found through
 * /proc/thread-self) is made the lowest priority and the main thread answers calls first when both
 * want the CPU. Elsewhere, or when not allowed, the worker runs at normal priority.
 */
const lowerOwnPriority = () => {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, 19);
  } catch {
    // Not Linux, or not permitted: normal priority.
  }
};
lowerOwnPriority();

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread of the render pool');

const options = (workerData ?? {}) as Partial<WorkerOptions>;
if (options.warm) {
  // The first file a fresh worker draws is several times slower than the rest (cold code and fonts).
  await renderCvPdf(sampleCv, 'modern').catch(() => undefined);
}
port.postMessage({ ready: true } satisfies WorkerReady);

port.on('message', async ({ id, job }: WorkerRequest) => {
  try {
    const file = await draw(job);
    const data = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
    port.postMessage({ id, ok: true, data } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
  }
});
