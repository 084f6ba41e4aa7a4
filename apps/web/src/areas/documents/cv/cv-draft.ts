import type { UploadedFile } from '@app/contract/conventions/common';
import { type CvDocument, cvDocument, defaultAccentColor } from '@app/contract/resources/job-board/cv-document';
import type { FieldDescriptor } from '../../../kit/field-descriptor';
import { dateOnly } from '../../../kit/form-values';
import type { SeekerRecord } from '../../board/types';
import { educationFields } from '../../seeker/education-section';
import type { SpokenLanguage } from '../../seeker/languages-editor';
import type { RatedSkill } from '../../seeker/skills-editor';
import { workHistoryFields } from '../../seeker/work-history-section';
import { documentPayload, type Keyed, textToHtml, withKeys } from '../document-content';
import { certificationFields, projectFields, publicationFields, referenceFields } from './cv-fields';

export type Entry = Record<string, unknown> & Keyed;

export type CvDraft = {
  cvTitle: string;
  templateSlug: string;
  accentColor: string;
  name: { title?: string; first: string; middle?: string; last: string };
  designation: string;
  email: string;
  phone: string;
  profileImg: UploadedFile | null;
  address: { building: string; street: string; city: string; county: string; postCode: string; country: string };
  linkedInLink: string;
  ukDrivingLicence: boolean;
  professionalSummary: string;
  skills: RatedSkill[];
  personalSkills: RatedSkill[];
  languages: SpokenLanguage[];
  hobbies: string[];
  workHistory: Entry[];
  education: Entry[];
  projects: Entry[];
  publications: Entry[];
  certifications: Entry[];
  references: Entry[];
  /** The seeker's order of sections; empty keeps the template's. */
  sectionOrder: string[];
};

export type CvListKey = 'workHistory' | 'education' | 'projects' | 'publications' | 'certifications' | 'references';

type ListPart = {
  key: CvListKey;
  title: string;
  noun: string;
  fields: readonly FieldDescriptor[];
  blank: () => Record<string, unknown>;
  titleOf: (entry: Entry, index: number) => string;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const either = (...parts: unknown[]) => parts.map(text).find(Boolean);

/** The CV's lists, in the order the builder shows them, each with the inputs of one entry. */
export const listParts: ListPart[] = [
  {
    key: 'workHistory',
    title: 'Work history',
    noun: 'job',
    fields: workHistoryFields,
    blank: () => ({
      jobTitle: '',
      jobType: '',
      organization: '',
      city: '',
      startDate: '',
      endDate: '',
      currentlyWorkingHere: false,
      responsibilities: '',
    }),
    titleOf: (entry, index) => [text(entry.jobTitle), text(entry.organization)].filter(Boolean).join(' at ') || `Job ${index + 1}`,
  },
  {
    key: 'education',
    title: 'Education',
    noun: 'qualification',
    fields: educationFields,
    blank: () => ({
      organization: '',
      qualification: '',
      subject: '',
      grade: '',
      startDate: '',
      endDate: '',
      isPursuing: false,
      description: '',
    }),
    titleOf: (entry, index) =>
      [text(entry.qualification), text(entry.subject)].filter(Boolean).join(' in ') || `Qualification ${index + 1}`,
  },
  {
    key: 'projects',
    title: 'Projects',
    noun: 'project',
    fields: projectFields,
    blank: () => ({ title: '', timeDuration: '', link: '', description: '' }),
    titleOf: (entry, index) => either(entry.title) ?? `Project ${index + 1}`,
  },
  {
    key: 'publications',
    title: 'Publications',
    noun: 'publication',
    fields: publicationFields,
    blank: () => ({
      topicName: '',
      publicationsName: '',
      publisherName: '',
      coAuthor: '',
      isbnNumber: '',
      publicationStatus: 'PUBLISHED',
      publishedDate: '',
    }),
    titleOf: (entry, index) => either(entry.topicName) ?? `Publication ${index + 1}`,
  },
  {
    key: 'certifications',
    title: 'Certifications',
    noun: 'certification',
    fields: certificationFields,
    blank: () => ({ courseName: '', organization: '', completionDate: '' }),
    titleOf: (entry, index) => either(entry.courseName) ?? `Certification ${index + 1}`,
  },
  {
    key: 'references',
    title: 'References',
    noun: 'reference',
    fields: referenceFields,
    blank: () => ({ name: '', company: '', relationship: '', email: '', phone: '' }),
    titleOf: (entry, index) => either(entry.name) ?? `Reference ${index + 1}`,
  },
];

const dateKeys = new Set(['startDate', 'endDate', 'publishedDate', 'completionDate']);

/** Entries as the inputs hold them: dates as YYYY-MM-DD, ids kept so the server keeps them too. */
const entriesOf = (entries: readonly object[] | null | undefined) =>
  withKeys(
    (entries ?? []).map((entry) =>
      Object.fromEntries(Object.entries(entry).map(([key, value]) => [key, dateKeys.has(key) ? dateOnly(value) : (value ?? '')])),
    ),
  ) as Entry[];

const addressOf = (address: Partial<CvDraft['address']> | null | undefined): CvDraft['address'] => ({
  building: address?.building ?? '',
  street: address?.street ?? '',
  city: address?.city ?? '',
  county: address?.county ?? '',
  postCode: address?.postCode ?? '',
  country: address?.country ?? '',
});

/** react-pdf draws PNG and JPEG only. */
export const isDrawablePhoto = (file: UploadedFile | null | undefined) => file?.mimeType === 'image/png' || file?.mimeType === 'image/jpeg';

const newestFirst = <T extends { startDate?: unknown }>(entries: readonly T[]) =>
  [...entries].sort((a, b) => String(b.startDate ?? '').localeCompare(String(a.startDate ?? '')));

/**
 * A new CV from the seeker's profile, so nothing is typed twice: name, contact details, address,
 * LinkedIn, photo, skills, languages, education, work history, and "about" as the summary. The
 * title they work under now (from preferences or the current job) is the designation.
 */
export const draftFromProfile = (profile: SeekerRecord): CvDraft => {
  const jobs = newestFirst(profile.workHistory ?? []);
  const current = jobs.find((job) => job.currentlyWorkingHere) ?? jobs[0];
  // The CV prints each skill's name; one saved without its name has nothing to print.
  const named = <T extends { label?: string }>(items: readonly T[] | null | undefined) => (items ?? []).filter((item) => item.label);
  return {
    cvTitle: 'My CV',
    templateSlug: 'classic',
    accentColor: defaultAccentColor,
    name: {
      first: profile.name?.first ?? '',
      last: profile.name?.last ?? '',
      ...(profile.name?.middle ? { middle: profile.name.middle } : {}),
    },
    designation: profile.preferences?.currentJobTitle || current?.jobTitle || '',
    email: profile.email ?? '',
    phone: profile.phone ?? '',
    profileImg: isDrawablePhoto(profile.profileImg) ? profile.profileImg : null,
    address: addressOf(profile.address),
    linkedInLink: profile.linkedInLink ?? '',
    ukDrivingLicence: profile.preferences?.ukDrivingLicence ?? false,
    professionalSummary: textToHtml(profile.about),
    skills: named(profile.skills).map(({ skillId, label, rating }) => ({ skillId, label, rating })),
    personalSkills: named(profile.personalSkills).map(({ skillId, label, rating }) => ({ skillId, label, rating })),
    languages: named(profile.languages).map(({ languageId, label, proficiency }) => ({ languageId, label, proficiency })),
    hobbies: [],
    workHistory: entriesOf(jobs),
    education: entriesOf(newestFirst(profile.education ?? [])),
    projects: [],
    publications: [],
    certifications: [],
    references: [],
    sectionOrder: [],
  };
};

/** A saved CV as the builder edits it. */
export const draftFromRecord = (record: Partial<CvDocument>): CvDraft => ({
  cvTitle: record.cvTitle ?? 'My CV',
  templateSlug: record.templateSlug ?? 'classic',
  accentColor: record.accentColor ?? defaultAccentColor,
  name: {
    first: record.name?.first ?? '',
    last: record.name?.last ?? '',
    ...(record.name?.title ? { title: record.name.title } : {}),
    ...(record.name?.middle ? { middle: record.name.middle } : {}),
  },
  designation: record.designation ?? '',
  email: record.email ?? '',
  phone: record.phone ? String(record.phone) : '',
  profileImg: record.profileImg ?? null,
  address: addressOf(record.address),
  linkedInLink: record.linkedInLink ?? '',
  ukDrivingLicence: record.ukDrivingLicence ?? false,
  professionalSummary: record.professionalSummary ?? '',
  skills: (record.skills ?? []).map(({ skillId, label, rating }) => ({ skillId, label, rating })),
  personalSkills: (record.personalSkills ?? []).map(({ skillId, label, rating }) => ({ skillId, label, rating })),
  languages: (record.languages ?? []).map(({ languageId, label, proficiency }) => ({ languageId, label, proficiency })),
  hobbies: record.hobbies ?? [],
  workHistory: entriesOf(record.workHistory),
  education: entriesOf(record.education),
  projects: entriesOf(record.projects),
  publications: entriesOf(record.publications),
  certifications: entriesOf(record.certifications),
  references: entriesOf(record.references),
  sectionOrder: [...(record.sectionOrder ?? [])],
});

/** Only the content of a CV record: what a copy takes (not its id, owner, file or default flag). */
export const cvContentOf = (record: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(cvDocument.shape).flatMap((key) => (record[key] === undefined || record[key] === null ? [] : [[key, record[key]]])),
  );

/** The draft as create-cv and update-cv take it. */
export const cvPayload = (draft: CvDraft) => {
  const photo = draft.profileImg ? { ...draft.profileImg } : null;
  // The link is signed for a while only; the server makes a fresh one on every answer.
  if (photo) delete photo.url;
  return documentPayload(cvDocument, { ...draft, profileImg: photo, cvTitle: draft.cvTitle.trim() || 'My CV' });
};

/** Every input of the builder by its payload path, so the API's messages land beside them. */
export const cvInputPaths = (draft: CvDraft) => [
  ...[
    'cvTitle',
    'templateSlug',
    'accentColor',
    'sectionOrder',
    'name.first',
    'name.last',
    'designation',
    'email',
    'phone',
    'profileImg',
    'linkedInLink',
  ],
  ...['address.street', 'address.city', 'address.county', 'address.postCode', 'address.country', 'professionalSummary', 'hobbies'],
  ...(['skills', 'personalSkills', 'languages'] as const).flatMap((key) => draft[key].map((_, index) => `${key}.${index}`)),
  ...listParts.flatMap((part) => draft[part.key].flatMap((_, index) => part.fields.map((field) => `${part.key}.${index}.${field.name}`))),
];

/** Which part of the builder an input path belongs to, so a part with an error can be opened. */
export const partOf = (path: string) => {
  const top = path.split('.')[0] ?? '';
  if (listParts.some((part) => part.key === top)) return top;
  if (top === 'professionalSummary') return 'summary';
  if (top === 'skills' || top === 'personalSkills') return 'skills';
  if (top === 'languages' || top === 'hobbies') return top;
  if (top === 'templateSlug' || top === 'accentColor') return 'design';
  if (top === 'sectionOrder') return 'order';
  return 'details';
};
