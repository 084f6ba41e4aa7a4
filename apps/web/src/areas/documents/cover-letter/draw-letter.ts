import { type CoverLetterDocument, coverLetterDocument, defaultAccentColor } from '@app/contract/resources/job-board/cv-document';
import { previewContent } from '../document-content';
import { type LetterDraft, letterPayload } from './letter-draft';

/** What the preview draws: the letter, and the built-in layout its template names. */
export type LetterSource = { draft: LetterDraft; layout: string };

/** Draws the draft with the layout the server uses for the download; react-pdf loads on first use. */
export const drawLetter = async ({ draft, layout }: LetterSource) => {
  const [{ pdf }, { coverLetterTemplateBySlug }] = await Promise.all([
    import('@react-pdf/renderer'),
    import('@app/documents/cover-letter/templates'),
  ]);
  const letter = previewContent(coverLetterDocument, letterPayload(draft)) as CoverLetterDocument;
  if (!/^#[0-9a-f]{6}$/i.test(letter.accentColor ?? '')) letter.accentColor = defaultAccentColor;
  return pdf(coverLetterTemplateBySlug(layout).render({ letter })).toBlob();
};
