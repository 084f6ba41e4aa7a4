import { type CvDocument, cvDocument, defaultAccentColor } from '@app/contract/resources/job-board/cv-document';
import { standInForBuffer } from '../buffer-stand-in';
import { previewContent } from '../document-content';
import { type CvDraft, cvPayload } from './cv-draft';

/**
 * Draws the draft with the template the server uses for the download. react-pdf and the templates
 * (over a megabyte) load with the first preview, never with the rest of the app.
 */
export const drawCv = async (draft: CvDraft) => {
  const [{ pdf }, { cvTemplateBySlug }] = await Promise.all([import('@react-pdf/renderer'), import('@app/documents/cv/templates')]);
  const cv = previewContent(cvDocument, cvPayload(draft)) as CvDocument;
  // A colour half typed into the picker would draw nothing sensible.
  if (!/^#[0-9a-f]{6}$/i.test(cv.accentColor ?? '')) cv.accentColor = defaultAccentColor;
  standInForBuffer();
  return pdf(cvTemplateBySlug(cv.templateSlug).render({ cv, photo: draft.profileImg?.url })).toBlob();
};
