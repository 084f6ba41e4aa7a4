import type { CoverLetterDocument, CvDocument } from '@app/contract/resources/job-board/cv-document';
import type { Withheld } from './redaction';

/** A photo's bytes as the worker takes them; only PNG and JPEG can be drawn. */
export type RenderPhoto = { data: Uint8Array; mimeType: 'image/png' | 'image/jpeg' };

/** One file to draw, as the pool hands it to a worker: content already validated, template resolved. */
export type WorkerJob =
  | { kind: 'cv'; format: 'pdf' | 'docx'; templateSlug: string; content: CvDocument; photo?: RenderPhoto }
  | { kind: 'cover-letter'; format: 'pdf' | 'docx'; templateSlug: string; content: CoverLetterDocument }
  /** An uploaded CV's text drawn again as a PDF without the contact details (redacted-copy.ts). */
  | {
      kind: 'redacted-copy';
      format: 'pdf';
      source: { data: Uint8Array; mimeType: string; title?: string };
      withheld: Withheld;
      notice: string;
    }
  /** An uploaded résumé's text as lines, answered as JSON (resume-parsing/read.ts). */
  | { kind: 'resume-text'; format: 'json'; source: { data: Uint8Array; mimeType: string } };

export type WorkerRequest = { id: number; job: WorkerJob };

export type WorkerReply = { id: number; ok: true; data: Uint8Array } | { id: number; ok: false; error: string };

/** Sent once when the worker has loaded the renderers (and drawn its warm-up file, when asked). */
export type WorkerReady = { ready: true };

export type WorkerOptions = { warm: boolean };
