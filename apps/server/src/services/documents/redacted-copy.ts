/**
 * A client's copy of an uploaded CV without the candidate's contact details, drawn by a document
 * worker (it reads and draws, which takes the CPU for a moment): the text is read from the file
 * (cv-text.ts), the lines holding contact details are left out (redaction.ts), and the rest is drawn
 * as a new PDF under a line saying who withheld them (@app/documents/cv/redacted).
 */
import { type RedactedCopy, renderRedactedPdf } from '@app/documents/cv/redacted';
import { docParagraphs, docxParagraphs, pdfLaidOut } from './cv-text';
import { redactLaidOut, redactParagraphs, type Withheld } from './redaction';

export type RedactionSource = { data: Uint8Array; mimeType: string; title?: string };

export const redactableMimeTypes: ReadonlySet<string> = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

export const redactedCopyOf = async (source: RedactionSource, withheld: Withheld, notice: string): Promise<RedactedCopy> => {
  const title = source.title;
  switch (source.mimeType) {
    case 'application/pdf':
      return { kind: 'laid-out', pages: redactLaidOut(await pdfLaidOut(source.data), withheld), notice, title };
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return { kind: 'flowing', paragraphs: redactParagraphs(docxParagraphs(source.data), withheld), notice, title };
    case 'application/msword':
      return { kind: 'flowing', paragraphs: redactParagraphs(docParagraphs(source.data), withheld), notice, title };
    default:
      throw new Error(`a ${source.mimeType} file has no text to copy`);
  }
};

/** The copy as a PDF. */
export const drawRedactedCopy = async (source: RedactionSource, withheld: Withheld, notice: string) =>
  renderRedactedPdf(await redactedCopyOf(source, withheld, notice));
