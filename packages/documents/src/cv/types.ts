import type { CvDocument } from '@app/contract/resources/job-board/cv-document';
import type { PhotoSource } from '../shared/pdf-parts';

export type CvTemplateProps = {
  cv: CvDocument;
  /** The profile photo (profileImg) as a URL or a data URI; PNG or JPEG. */
  photo?: PhotoSource;
};
