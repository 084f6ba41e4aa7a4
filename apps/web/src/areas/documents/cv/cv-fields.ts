import { publicationStatuses, publicationStatusLabels } from '@app/contract/resources/job-board/cv-document';
import type { FieldDescriptor } from '../../../kit/field-descriptor';

/** The inputs of the lists only a CV has; work history and education use the profile's own. */
export const projectFields: FieldDescriptor[] = [
  { name: 'title', label: 'Project title', kind: 'text', half: true, required: true },
  { name: 'timeDuration', label: 'When or how long', kind: 'text', half: true, placeholder: 'e.g. Jan – Mar 2024, 6 months' },
  { name: 'link', label: 'Link', kind: 'text', placeholder: 'https://…' },
  { name: 'description', label: 'What you did', kind: 'textarea', description: 'Start lines with "-" for bullet points' },
];

export const publicationFields: FieldDescriptor[] = [
  { name: 'topicName', label: 'Title of the work', kind: 'text', required: true },
  { name: 'publicationsName', label: 'Published in', kind: 'text', half: true, placeholder: 'Journal, book or site' },
  { name: 'publisherName', label: 'Publisher', kind: 'text', half: true },
  { name: 'coAuthor', label: 'Co-authors', kind: 'text', half: true },
  { name: 'isbnNumber', label: 'ISBN', kind: 'text', half: true },
  {
    name: 'publicationStatus',
    label: 'Publication status',
    kind: 'select',
    half: true,
    required: true,
    options: publicationStatuses.map((value) => ({ value, label: publicationStatusLabels[value] })),
  },
  { name: 'publishedDate', label: 'Date', kind: 'date', half: true },
];

export const certificationFields: FieldDescriptor[] = [
  { name: 'courseName', label: 'Course or certificate', kind: 'text', required: true },
  { name: 'organization', label: 'Awarded by', kind: 'text', half: true },
  { name: 'completionDate', label: 'Completed on', kind: 'date', half: true },
];

export const referenceFields: FieldDescriptor[] = [
  { name: 'name', label: 'Referee’s name', kind: 'text', half: true, required: true },
  { name: 'company', label: 'Referee’s company', kind: 'text', half: true, required: true },
  { name: 'relationship', label: 'How they know you', kind: 'text', half: true, placeholder: 'e.g. Line manager' },
  { name: 'email', label: 'Referee’s email', kind: 'email', half: true },
  { name: 'phone', label: 'Referee’s phone', kind: 'text', half: true },
];
