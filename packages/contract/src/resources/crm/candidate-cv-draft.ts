import type { Address, PersonName, UploadedFile } from '../../conventions/common';
import { cvPhone } from '../job-board/cv-document';

/** The candidate fields a built CV starts from (crm.md §3 Candidate), as the candidate's details answer them. */
export type CandidateForCv = {
  name: PersonName;
  email: string;
  phone?: string | null;
  address?: Address | null;
  about?: string | null;
  linkedInLink?: string | null;
  profileImg?: UploadedFile | null;
  preferences?: { currentJobTitle?: string | null; desiredJobTitle?: string | null; ukDrivingLicence?: boolean | null } | null;
  skills?: { skillId: string; label?: string; rating?: number }[];
  personalSkills?: { skillId: string; label?: string; rating?: number }[];
  languages?: { languageId: string; label?: string; proficiency?: 'BASIC' | 'CONVERSATIONAL' | 'FLUENT' | 'NATIVE' }[];
  workHistory?: Record<string, unknown>[];
  education?: Record<string, unknown>[];
  projects?: Record<string, unknown>[];
};

const labelled = <T extends { label?: string }>(items: T[] | undefined) =>
  (items ?? []).filter((item): item is T & { label: string } => Boolean(item.label?.trim()));

/** The phone as a CV prints it (digits, spaces, a leading plus); one it cannot print is left out. */
const cvPhoneOf = (phone: string | null | undefined) => {
  if (!phone) return null;
  const cleaned = phone
    .trim()
    .replace(/[^\d+ ]/g, '')
    .replace(/(?!^)\+/g, '')
    .replace(/\s+/g, ' ');
  return cvPhone.safeParse(cleaned).success ? cleaned : null;
};

/**
 * A candidate's profile as the CV builder's document (the job board's `cvDocument` input): what a
 * new built CV starts with, before the recruiter's own choices. The one mapping from a candidate
 * to the renderer's content; the server fills a built CV's missing fields with it and the web
 * prefills the build form with it. Rated skills and languages without a label cannot be printed and
 * are left out; the designation is the current (else desired, else latest) job title.
 */
export const cvDraftOfCandidate = (candidate: CandidateForCv) => {
  const jobs = [...(candidate.workHistory ?? [])].sort(
    (a, b) =>
      Number(Boolean(b.currentlyWorkingHere)) - Number(Boolean(a.currentlyWorkingHere)) ||
      String(b.startDate).localeCompare(String(a.startDate)),
  );
  const latestJob = jobs[0]?.jobTitle as string | undefined;
  return {
    name: candidate.name,
    email: candidate.email,
    phone: cvPhoneOf(candidate.phone),
    address: candidate.address ?? null,
    linkedInLink: candidate.linkedInLink ?? null,
    profileImg: candidate.profileImg ?? null,
    designation: candidate.preferences?.currentJobTitle || candidate.preferences?.desiredJobTitle || latestJob || '',
    professionalSummary: candidate.about ?? '',
    ukDrivingLicence: candidate.preferences?.ukDrivingLicence ?? false,
    skills: labelled(candidate.skills).map(({ skillId, label, rating }) => ({ skillId, label, rating: rating ?? 3 })),
    personalSkills: labelled(candidate.personalSkills).map(({ skillId, label, rating }) => ({ skillId, label, rating: rating ?? 3 })),
    languages: labelled(candidate.languages).map(({ languageId, label, proficiency }) => ({
      languageId,
      label,
      proficiency: proficiency ?? 'FLUENT',
    })),
    workHistory: candidate.workHistory ?? [],
    education: candidate.education ?? [],
    projects: candidate.projects ?? [],
  };
};
export type CandidateCvDraft = ReturnType<typeof cvDraftOfCandidate>;
