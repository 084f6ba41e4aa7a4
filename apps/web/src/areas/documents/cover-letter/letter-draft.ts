import { coverLetter, type coverLetterTemplate } from '@app/contract/resources/job-board/cover-letter';
import { type CoverLetterDocument, coverLetterTemplateSlugs, defaultAccentColor } from '@app/contract/resources/job-board/cv-document';
import { dateOnly } from '../../../kit/form-values';
import type { RecordOf } from '../../../kit/use-resource';
import type { SeekerRecord } from '../../board/types';
import { documentPayload, type Keyed, newKey } from '../document-content';

export type Suggestion = { _id: string; sectionId: string; subSectionId?: string | null; content: string };

/** A section of the catalogue as the seeker's section list answers it: with its suggestions. */
export type SectionDefinition = {
  _id: string;
  label: string;
  description?: string | null;
  value: string;
  type: string;
  isDraggable: boolean;
  orderNumber: number;
  subSections: { _id?: string; label: string; description?: string | null; orderNumber: number }[];
  suggestions: Suggestion[];
};

export type TemplateRecord = RecordOf<typeof coverLetterTemplate>;

export type SubSectionDraft = { subSectionId?: string; content: string };
export type BodyDraft = Keyed & { sectionId: string; content: string; isDraggable: boolean; subSections: SubSectionDraft[] };

export type LetterDraft = {
  title: string;
  templateSlug: string;
  accentColor: string;
  date: string;
  jobSeekerDetails: { name: { first: string; last: string }; email: string; phone: string; designation: string };
  recipientDetails: { name: string; companyName: string; jobTitle: string };
  bodySections: BodyDraft[];
  jobId: string | null;
};

export type LetterRecord = RecordOf<typeof coverLetter>;

/** Templates as the catalogue orders their layouts (classic first), then by title: the first is a new letter's. */
export const inCatalogueOrder = (templates: readonly TemplateRecord[]) => {
  const rank = (layout: string) => {
    const at = (coverLetterTemplateSlugs as readonly string[]).indexOf(layout);
    return at < 0 ? coverLetterTemplateSlugs.length : at;
  };
  return [...templates].sort((a, b) => rank(a.layout) - rank(b.layout) || a.title.localeCompare(b.title));
};

/** "+44 7700 900123" and "07700 900123" as the letter wants them: 447700900123. */
export const ukPhoneDigits = (phone: string | null | undefined) => {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (/^0\d{10}$/.test(digits)) return `44${digits.slice(1)}`;
  return digits;
};

const today = () => dateOnly(new Date().toISOString());

const bodyFor = (section: SectionDefinition, saved?: CoverLetterDocument['bodySections'][number]): BodyDraft => ({
  _key: newKey(),
  sectionId: section._id,
  content: saved?.content ?? '',
  isDraggable: section.isDraggable,
  subSections: [...section.subSections]
    .sort((a, b) => a.orderNumber - b.orderNumber)
    .map((sub) => ({
      subSectionId: sub._id,
      content: saved?.subSections.find((kept) => kept.subSectionId === sub._id)?.content ?? '',
    })),
});

type JobFacts = { _id: string; title: string; companyName: string } | undefined;

/**
 * A new letter: the seeker's details from the profile, the recipient from the job when written for
 * one, every section of the catalogue in its order (empty, with suggestions to pick from), and the
 * first template with its colour.
 */
export const newLetterDraft = (
  profile: SeekerRecord,
  sections: readonly SectionDefinition[],
  template: { slug: string; defaultAccentColor?: string } | undefined,
  job: JobFacts,
): LetterDraft => {
  const jobs = [...(profile.workHistory ?? [])].sort((a, b) => String(b.startDate).localeCompare(String(a.startDate)));
  const current = jobs.find((entry) => entry.currentlyWorkingHere) ?? jobs[0];
  return {
    title: job ? `${job.title} at ${job.companyName}` : '',
    templateSlug: template?.slug ?? 'classic',
    accentColor: template?.defaultAccentColor ?? defaultAccentColor,
    date: today(),
    jobSeekerDetails: {
      name: { first: profile.name?.first ?? '', last: profile.name?.last ?? '' },
      email: profile.email ?? '',
      phone: ukPhoneDigits(profile.phone),
      designation: profile.preferences?.currentJobTitle || current?.jobTitle || '',
    },
    recipientDetails: { name: '', companyName: job?.companyName ?? '', jobTitle: job?.title ?? '' },
    bodySections: sections.map((section) => bodyFor(section)),
    jobId: job?._id ?? null,
  };
};

/**
 * A saved letter as the builder edits it. Its sections keep the order the seeker gave them;
 * one the catalogue no longer offers stays, with a plain name, so nothing written is lost.
 */
export const letterDraftOf = (record: LetterRecord, sections: readonly SectionDefinition[]): LetterDraft => ({
  title: record.title ?? '',
  templateSlug: record.templateSlug ?? 'classic',
  accentColor: record.accentColor ?? defaultAccentColor,
  date: dateOnly(record.date ?? ''),
  jobSeekerDetails: {
    name: { first: record.jobSeekerDetails?.name?.first ?? '', last: record.jobSeekerDetails?.name?.last ?? '' },
    email: record.jobSeekerDetails?.email ?? '',
    phone: record.jobSeekerDetails?.phone ?? '',
    designation: record.jobSeekerDetails?.designation ?? '',
  },
  recipientDetails: {
    name: record.recipientDetails?.name ?? '',
    companyName: record.recipientDetails?.companyName ?? '',
    jobTitle: record.recipientDetails?.jobTitle ?? '',
  },
  bodySections: [...(record.bodySections ?? [])]
    .sort((a, b) => a.orderNumber - b.orderNumber)
    .map((saved) => {
      const section = sections.find((candidate) => candidate._id === saved.sectionId);
      if (section) return bodyFor(section, saved);
      return {
        _key: newKey(),
        sectionId: saved.sectionId,
        content: saved.content,
        isDraggable: saved.isDraggable,
        subSections: saved.subSections.map((sub) => ({ subSectionId: sub.subSectionId, content: sub.content })),
      };
    }),
  jobId: record.jobId ?? null,
});

/** A title for a letter the seeker did not name: the job and company it is for. */
export const letterTitle = (draft: LetterDraft) => {
  const { jobTitle, companyName } = draft.recipientDetails;
  return draft.title.trim() || [jobTitle.trim(), companyName.trim()].filter(Boolean).join(' at ') || 'Cover letter';
};

/** The draft as the create and update calls take it; the order on screen is the letter's order. */
export const letterPayload = (draft: LetterDraft) =>
  documentPayload(coverLetter.create, {
    ...draft,
    title: letterTitle(draft),
    bodySections: draft.bodySections.map((section, orderNumber) => ({
      sectionId: section.sectionId,
      orderNumber,
      content: section.content,
      isDraggable: section.isDraggable,
      subSections: section.subSections.map((sub, index) => ({ subSectionId: sub.subSectionId, orderNumber: index, content: sub.content })),
    })),
  });

/** Every input of the builder by its payload path, so the API's messages land beside them. */
export const letterInputPaths = (draft: LetterDraft) => [
  ...['title', 'templateSlug', 'accentColor', 'date'],
  ...['name.first', 'name.last', 'email', 'phone', 'designation'].map((path) => `jobSeekerDetails.${path}`),
  ...['name', 'companyName', 'jobTitle'].map((path) => `recipientDetails.${path}`),
  // A sub-section's path comes before its section's, which would otherwise take its messages.
  ...draft.bodySections.flatMap((section, index) => [
    ...section.subSections.map((_, sub) => `bodySections.${index}.subSections.${sub}`),
    `bodySections.${index}`,
  ]),
];
