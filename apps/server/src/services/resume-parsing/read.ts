/**
 * A stored résumé's text as lines (lines.ts), read with the same extraction as the client CV's
 * redaction (documents/cv-text.ts). It runs in the document workers (render-pool.ts), so a large or
 * hostile file takes a worker's time, never the API's, and is stopped by the pool's time limit; the
 * answer is plain data (what went wrong is a reason, not an error) so it crosses to the main thread.
 */
import { docParagraphs, docxParagraphs, pdfLaidOut } from '../documents/cv-text';
import { linesOfPages, linesOfParagraphs, type ReadLayout } from './lines';

export type ResumeRead =
  | { ok: true; layout: ReadLayout }
  | { ok: false; reason: 'no-text-layer' | 'unreadable-pdf' | 'unreadable-word' | 'not-a-document' };

const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const readResumeLayout = async (content: Uint8Array, mimeType: string): Promise<ResumeRead> => {
  if (mimeType === 'application/pdf') {
    let pages: Awaited<ReturnType<typeof pdfLaidOut>>;
    try {
      pages = await pdfLaidOut(content);
    } catch {
      return { ok: false, reason: 'unreadable-pdf' };
    }
    if (!pages.some((page) => page.runs.some((run) => /[A-Za-z0-9]/.test(run.text)))) return { ok: false, reason: 'no-text-layer' };
    return { ok: true, layout: linesOfPages(pages) };
  }
  if (mimeType !== docx && mimeType !== 'application/msword') return { ok: false, reason: 'not-a-document' };
  try {
    return { ok: true, layout: linesOfParagraphs(mimeType === docx ? docxParagraphs(content) : docParagraphs(content)) };
  } catch {
    return { ok: false, reason: 'unreadable-word' };
  }
};
