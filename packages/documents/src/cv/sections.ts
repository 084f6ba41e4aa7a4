import type { CvDocument, CvMovableSection } from '@app/contract/resources/job-board/cv-document';
import { parseRichText } from '../shared/rich-text';

/** The sections a CV can show and the heading each template prints for it. */
export const cvSectionTitles = {
  contact: 'Contact',
  profile: 'Profile',
  experience: 'Experience',
  education: 'Education',
  skills: 'Skills',
  personalSkills: 'Personal skills',
  languages: 'Languages',
  projects: 'Projects',
  publications: 'Publications',
  certifications: 'Certifications',
  references: 'References',
  hobbies: 'Hobbies',
} as const satisfies Record<CvMovableSection | 'contact', string>;
export type CvSectionKey = keyof typeof cvSectionTitles;

/** Whether a section has anything to show: templates leave empty sections out altogether. */
export const hasSection = (cv: CvDocument, key: CvSectionKey): boolean => {
  switch (key) {
    case 'contact':
      return true;
    case 'profile':
      return parseRichText(cv.professionalSummary).length > 0;
    case 'experience':
      return cv.workHistory.length > 0;
    case 'education':
      return cv.education.length > 0;
    case 'skills':
      return cv.skills.length > 0;
    case 'personalSkills':
      return cv.personalSkills.length > 0;
    case 'languages':
      return cv.languages.length > 0;
    case 'projects':
      return cv.projects.length > 0;
    case 'publications':
      return cv.publications.length > 0;
    case 'certifications':
      return cv.certifications.length > 0;
    case 'references':
      return cv.references.length > 0;
    case 'hobbies':
      return cv.hobbies.length > 0;
  }
};

/**
 * Whether a section is small enough never to be split across pages: a long list may split rather than
 * leave most of a page empty.
 */
export const keepWhole = (cv: CvDocument, key: CvMovableSection): boolean => {
  switch (key) {
    case 'languages':
    case 'hobbies':
      return true;
    case 'skills':
      return cv.skills.length <= 16;
    case 'personalSkills':
      return cv.personalSkills.length <= 16;
    case 'certifications':
      return cv.certifications.length <= 6;
    case 'references':
      return cv.references.length <= 4;
    default:
      return false;
  }
};

/**
 * A template's sections in the seeker's order: the keys `sectionOrder` names come first, in its order,
 * then the rest in the template's order (`cvDocument.sectionOrder` promises this). Keys the template
 * does not hold here (another column's) and repeats are ignored, so each column can be arranged on
 * its own with the CV's one list.
 */
export const arrange = <Key extends CvSectionKey>(templateOrder: readonly Key[], sectionOrder: readonly string[] = []): Key[] => {
  const named = new Set(sectionOrder.filter((key): key is Key => (templateOrder as readonly string[]).includes(key)));
  return [...named, ...templateOrder.filter((key) => !named.has(key))];
};

/**
 * Where a template draws its sections. Each column lists its sections in the template's own order, and
 * the columns come in reading order; a section moves only within its column.
 */
export type CvLayout = {
  /** Headings drawn with the name, before every section the seeker can move (modern's Contact). */
  fixed?: readonly CvSectionKey[];
  columns: readonly (readonly CvMovableSection[])[];
};

/** The order a reader meets the headings in, for a seeker's order (the template's own when empty). */
export const readingOrderOf = (layout: CvLayout, sectionOrder: readonly string[] = []): CvSectionKey[] => [
  ...(layout.fixed ?? []),
  ...layout.columns.flatMap((column) => arrange(column, sectionOrder)),
];

/** The headings a template prints for this CV, in the order a reader meets them. */
export const headingsFor = (cv: CvDocument, readingOrder: readonly CvSectionKey[]) =>
  readingOrder.filter((key) => hasSection(cv, key)).map((key) => cvSectionTitles[key]);
