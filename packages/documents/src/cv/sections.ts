import type { CvDocument } from '@app/contract/resources/job-board/cv-document';
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
} as const;
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

/** The headings a template prints for this CV, in the order a reader meets them. */
export const headingsFor = (cv: CvDocument, readingOrder: readonly CvSectionKey[]) =>
  readingOrder.filter((key) => hasSection(cv, key)).map((key) => cvSectionTitles[key]);
