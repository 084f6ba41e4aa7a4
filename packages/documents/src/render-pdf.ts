import type { CoverLetterDocument, CvDocument } from '@app/contract/resources/job-board/cv-document';
import { renderToBuffer } from '@react-pdf/renderer';
import { coverLetterTemplateBySlug } from './cover-letter/templates';
import { cvTemplateBySlug } from './cv/templates';
import type { PhotoSource } from './shared/pdf-parts';

/** A CV as a PDF with the given template (the CV's own templateSlug when none is given). */
export const renderCvPdf = (cv: CvDocument, templateSlug?: string | null, options: { photo?: PhotoSource } = {}): Promise<Buffer> =>
  renderToBuffer(cvTemplateBySlug(templateSlug ?? cv.templateSlug).render({ cv, photo: options.photo }));

/** A cover letter as a PDF with the given template (the letter's own templateSlug when none is given). */
export const renderCoverLetterPdf = (letter: CoverLetterDocument, templateSlug?: string | null): Promise<Buffer> =>
  renderToBuffer(coverLetterTemplateBySlug(templateSlug ?? letter.templateSlug).render({ letter }));
