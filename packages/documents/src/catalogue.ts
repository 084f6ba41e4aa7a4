/**
 * The templates' names and descriptions, without their drawing code: the server lists them and the
 * web's pickers show them without loading react-pdf.
 */
import type { CoverLetterTemplateSlug, CvTemplateSlug } from '@app/contract/resources/job-board/cv-document';

export type TemplateSummary<Slug extends string> = { slug: Slug; title: string; description: string };

export const cvTemplateCatalogue: TemplateSummary<CvTemplateSlug>[] = [
  {
    slug: 'classic',
    title: 'Classic',
    description: 'A single column set in Times with a centred header: calm, traditional and easy for any reader to scan.',
  },
  {
    slug: 'modern',
    title: 'Modern',
    description: 'Two columns: a sidebar in your accent colour with photo, contact details, skills and languages beside your experience.',
  },
  {
    slug: 'compact',
    title: 'Compact',
    description: 'Dense and tidy: headings in a narrow margin and small, clear type, so a long career fits on fewer pages.',
  },
  {
    slug: 'timeline',
    title: 'Timeline',
    description: 'A bold header band in your accent colour, with your work and education drawn along a timeline.',
  },
];

export const coverLetterTemplateCatalogue: TemplateSummary<CoverLetterTemplateSlug>[] = [
  {
    slug: 'classic',
    title: 'Classic',
    description: 'A traditional British business letter set in Times, with your address on the right.',
  },
  {
    slug: 'modern',
    title: 'Modern',
    description: 'A header band in your accent colour with your name and contact details, and a clean sans-serif body.',
  },
  {
    slug: 'compact',
    title: 'Compact',
    description: 'Small, tidy type and a one-line header, so even a long letter fits on one page.',
  },
];

const summaryOf = <Slug extends string>(catalogue: TemplateSummary<Slug>[], slug: Slug) => {
  const summary = catalogue.find((entry) => entry.slug === slug);
  if (!summary) throw new Error(`No template ${slug} in the catalogue`);
  return summary;
};
export const cvTemplateSummary = (slug: CvTemplateSlug) => summaryOf(cvTemplateCatalogue, slug);
export const coverLetterTemplateSummary = (slug: CoverLetterTemplateSlug) => summaryOf(coverLetterTemplateCatalogue, slug);
