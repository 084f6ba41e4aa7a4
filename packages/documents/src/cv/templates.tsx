/** @jsxRuntime automatic */
import type { CvDocument, CvTemplateSlug } from '@app/contract/resources/job-board/cv-document';
import type { DocumentProps } from '@react-pdf/renderer';
import type { ComponentType, ReactElement } from 'react';
import { cvTemplateSummary } from '../catalogue';
import { pdfSafe } from '../shared/pdf-text';
import { type CvLayout, type CvSectionKey, readingOrderOf } from './sections';
import { ClassicCv, classicLayout } from './templates/classic';
import { CompactCv, compactLayout } from './templates/compact';
import { ModernCv, modernLayout } from './templates/modern';
import { TimelineCv, timelineLayout } from './templates/timeline';
import type { CvTemplateProps } from './types';

export type CvTemplate = {
  slug: CvTemplateSlug;
  title: string;
  description: string;
  /** Which sections share a column: a seeker's order moves a section only within its own column. */
  layout: CvLayout;
  /** The section headings in the order the PDF's text reads with the template's own order (an empty sectionOrder). */
  readingOrder: readonly CvSectionKey[];
  /** The section headings in the order this CV's PDF reads, its sectionOrder applied (empty sections are still listed). */
  readingOrderFor: (cv: Pick<CvDocument, 'sectionOrder'>) => CvSectionKey[];
  /** The whole document, for `renderToBuffer` on the server and `<PDFViewer>` / `usePDF` in the browser. */
  render: (props: CvTemplateProps) => ReactElement<DocumentProps>;
};

const cvTemplate = (slug: CvTemplateSlug, layout: CvLayout, Template: ComponentType<CvTemplateProps>): CvTemplate => ({
  ...cvTemplateSummary(slug),
  layout,
  readingOrder: readingOrderOf(layout),
  readingOrderFor: (cv) => readingOrderOf(layout, cv.sectionOrder),
  // Every string is brought into the built-in fonts' character set first (see shared/pdf-text).
  render: ({ cv, photo }) => <Template cv={pdfSafe(cv)} photo={photo} />,
});

/** Every CV template; the first is the default. */
export const cvTemplates: CvTemplate[] = [
  cvTemplate('classic', classicLayout, ClassicCv),
  cvTemplate('modern', modernLayout, ModernCv),
  cvTemplate('compact', compactLayout, CompactCv),
  cvTemplate('timeline', timelineLayout, TimelineCv),
];

export const cvTemplateBySlug = (slug: string | null | undefined): CvTemplate =>
  cvTemplates.find((template) => template.slug === slug) ?? cvTemplates[0];
