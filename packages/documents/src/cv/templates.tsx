/** @jsxRuntime automatic */
import type { CvTemplateSlug } from '@app/contract/resources/job-board/cv-document';
import type { DocumentProps } from '@react-pdf/renderer';
import type { ReactElement } from 'react';
import { cvTemplateSummary } from '../catalogue';
import { pdfSafe } from '../shared/pdf-text';
import type { CvSectionKey } from './sections';
import { ClassicCv, classicReadingOrder } from './templates/classic';
import { CompactCv, compactReadingOrder } from './templates/compact';
import { ModernCv, modernReadingOrder } from './templates/modern';
import { TimelineCv, timelineReadingOrder } from './templates/timeline';
import type { CvTemplateProps } from './types';

export type CvTemplate = {
  slug: CvTemplateSlug;
  title: string;
  description: string;
  /** The section headings in the order the PDF's text reads (empty sections are left out). */
  readingOrder: readonly CvSectionKey[];
  /** The whole document, for `renderToBuffer` on the server and `<PDFViewer>` / `usePDF` in the browser. */
  render: (props: CvTemplateProps) => ReactElement<DocumentProps>;
};

/** Every CV template; the first is the default. */
export const cvTemplates: CvTemplate[] = [
  {
    ...cvTemplateSummary('classic'),
    readingOrder: classicReadingOrder,
    render: ({ cv, photo }) => <ClassicCv cv={pdfSafe(cv)} photo={photo} />,
  },
  {
    ...cvTemplateSummary('modern'),
    readingOrder: modernReadingOrder,
    render: ({ cv, photo }) => <ModernCv cv={pdfSafe(cv)} photo={photo} />,
  },
  {
    ...cvTemplateSummary('compact'),
    readingOrder: compactReadingOrder,
    render: ({ cv, photo }) => <CompactCv cv={pdfSafe(cv)} photo={photo} />,
  },
  {
    ...cvTemplateSummary('timeline'),
    readingOrder: timelineReadingOrder,
    render: ({ cv, photo }) => <TimelineCv cv={pdfSafe(cv)} photo={photo} />,
  },
];

export const cvTemplateBySlug = (slug: string | null | undefined): CvTemplate =>
  cvTemplates.find((template) => template.slug === slug) ?? cvTemplates[0];
