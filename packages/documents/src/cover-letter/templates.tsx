/** @jsxRuntime automatic */
import type { CoverLetterTemplateSlug } from '@app/contract/resources/job-board/cv-document';
import type { DocumentProps } from '@react-pdf/renderer';
import type { ReactElement } from 'react';
import { coverLetterTemplateSummary } from '../catalogue';
import { pdfSafe } from '../shared/pdf-text';
import type { CoverLetterTemplateProps } from './content';
import { ClassicLetter } from './templates/classic';
import { CompactLetter } from './templates/compact';
import { ModernLetter } from './templates/modern';

export type CoverLetterTemplate = {
  slug: CoverLetterTemplateSlug;
  title: string;
  description: string;
  /** The whole document, for `renderToBuffer` on the server and `<PDFViewer>` / `usePDF` in the browser. */
  render: (props: CoverLetterTemplateProps) => ReactElement<DocumentProps>;
};

/** Every cover-letter template; the first is the default. */
export const coverLetterTemplates: CoverLetterTemplate[] = [
  {
    ...coverLetterTemplateSummary('classic'),
    render: ({ letter }) => <ClassicLetter letter={pdfSafe(letter)} />,
  },
  {
    ...coverLetterTemplateSummary('modern'),
    render: ({ letter }) => <ModernLetter letter={pdfSafe(letter)} />,
  },
  {
    ...coverLetterTemplateSummary('compact'),
    render: ({ letter }) => <CompactLetter letter={pdfSafe(letter)} />,
  },
];

export const coverLetterTemplateBySlug = (slug: string | null | undefined): CoverLetterTemplate =>
  coverLetterTemplates.find((template) => template.slug === slug) ?? coverLetterTemplates[0];
