import { type CandidateDuplicate, type CandidateMergeField, candidateMergeFields } from '@app/contract/resources/crm/candidate';
import { isApiError } from '../../kit/api';
import { candidatePayload } from './candidate-form';

export type MergeSide = 'survivor' | 'merged';
export type MergeChoices = Partial<Record<CandidateMergeField, MergeSide>>;
type Row = Record<string, unknown>;

export const mergeFieldLabels: Record<CandidateMergeField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  about: 'About',
  linkedInLink: 'LinkedIn',
  gitHubLink: 'GitHub',
  profileImg: 'Photo',
  cvDetail: 'CV file',
  preferences: 'Preferences',
  skills: 'Skills',
  personalSkills: 'Personal skills',
  languages: 'Languages',
  workHistory: 'Work history',
  projects: 'Projects',
  education: 'Education',
  instituteInfo: 'Institute info',
};

/** What a merge moves from the merged candidate to the survivor, said before it happens. */
export const mergeMoves = ['CVs', 'notes', 'tasks', 'events', 'call logs'] as const;

/** Nothing, an empty list or object, and a "no" the server fills in by default (willing to relocate). */
const isBlank = (value: unknown): boolean => {
  if (value === null || value === undefined || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as Row).every(isBlank);
  return false;
};

/** Values compared without the ids and labels the server adds (a skill's `_id`), and with nothing equal to nothing. */
const comparable = (value: unknown): unknown => {
  if (isBlank(value)) return null;
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Row)
      .filter(([key, inner]) => key !== '_id' && key !== 'url' && !isBlank(inner))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, comparable(inner)]);
    return Object.fromEntries(entries);
  }
  return typeof value === 'string' ? value.trim() : value;
};

/** The mergeable fields on which the two candidates disagree; only those need a choice. */
export const differingFields = (survivor: Row, merged: Row): CandidateMergeField[] =>
  candidateMergeFields.filter((field) => JSON.stringify(comparable(survivor[field])) !== JSON.stringify(comparable(merged[field])));

/**
 * Fields grouping independent facts (a current and a desired job title): as the server merges them,
 * the chosen side wins member by member and a member it lacks comes from the other side.
 */
const groupFields: readonly CandidateMergeField[] = ['preferences', 'instituteInfo'];
export const isGroupField = (field: CandidateMergeField) => groupFields.includes(field);

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nothing, as the merge call reckons it (a "no" is a value there). */
const isNothing = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** What a field becomes when one side is chosen: that side's value, filled from the other where it has nothing (as the merge call does). */
export const mergedValue = (field: CandidateMergeField, chosen: unknown, other: unknown): unknown => {
  if (isNothing(chosen)) return isNothing(other) ? chosen : other;
  if (!isGroupField(field) || !isRecord(chosen) || !isRecord(other)) return chosen;
  const filled: Row = { ...chosen };
  for (const [key, value] of Object.entries(other)) if (isNothing(filled[key]) && !isNothing(value)) filled[key] = value;
  return filled;
};

/** The starting choice per differing field: the survivor's value, unless it has none and the other has one. */
export const defaultChoices = (survivor: Row, merged: Row): MergeChoices =>
  Object.fromEntries(
    differingFields(survivor, merged).map((field) => [field, isBlank(survivor[field]) && !isBlank(merged[field]) ? 'merged' : 'survivor']),
  );

/**
 * The merge call's input. Every differing field's choice is named, so a survivor's empty value chosen
 * on purpose is not filled from the other (which the server does for unnamed fields).
 */
export const mergePayload = (input: {
  survivorId: string;
  mergedId: string;
  choices: MergeChoices;
  differing: readonly CandidateMergeField[];
}) => ({
  survivorId: input.survivorId,
  mergedId: input.mergedId,
  fields: Object.fromEntries(input.differing.map((field) => [field, input.choices[field] ?? 'survivor'])) as MergeChoices,
});

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const joined = (parts: unknown[], separator = ', ') =>
  parts
    .map((part) => (typeof part === 'number' ? String(part) : text(part)))
    .filter(Boolean)
    .join(separator);
const listOf = (value: unknown, one: (item: Row) => string) =>
  Array.isArray(value)
    ? value
        .map((item) => one(item as Row))
        .filter(Boolean)
        .join('; ')
    : '';

/** One field's value in words, for the side-by-side comparison. */
export const describeField = (field: CandidateMergeField, value: unknown): string => {
  if (isBlank(value)) return '';
  const row = (value ?? {}) as Row;
  switch (field) {
    case 'name':
      return text(row.fullName) || joined([row.first, row.last], ' ');
    case 'address':
      return joined([row.building, row.street, row.city, row.county, row.postCode, row.country]);
    case 'profileImg':
    case 'cvDetail':
      return text(row.originalName);
    case 'preferences':
      return joined([
        row.currentJobTitle && `Now: ${text(row.currentJobTitle)}`,
        row.desiredJobTitle && `Wants: ${text(row.desiredJobTitle)}`,
        row.willingToRelocate ? 'Will relocate' : '',
        row.ukDrivingLicence ? 'UK driving licence' : '',
      ]);
    case 'skills':
    case 'personalSkills':
      return listOf(value, (item) => text(item.label) || text(item.skillId));
    case 'languages':
      return listOf(value, (item) => joined([text(item.label) || text(item.languageId), item.proficiency], ' '));
    case 'workHistory':
      return listOf(value, (item) => joined([item.jobTitle, item.organization], ' at '));
    case 'projects':
      return listOf(value, (item) => text(item.title));
    case 'education':
      return listOf(value, (item) => joined([item.qualification, item.organization], ' at '));
    case 'instituteInfo':
      return joined([row.courseName, row.batchCode, row.preferredField]);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
};

/** The possible duplicates a create's 409 names, or null when the failure is anything else. */
export const duplicatesOf = (error: unknown): CandidateDuplicate[] | null => {
  if (!isApiError(error) || error.status !== 409) return null;
  const duplicates = (error.data as { duplicates?: unknown } | null)?.duplicates;
  return Array.isArray(duplicates) && duplicates.length > 0 ? (duplicates as CandidateDuplicate[]) : null;
};

/** The merge screen's address: the kept candidate and the one merged into it. */
export const mergePath = (survivorId: string, mergedId: string) =>
  `/crm/candidates/merge?survivor=${encodeURIComponent(survivorId)}&merged=${encodeURIComponent(mergedId)}`;

/**
 * The merge screen for details typed in the add-candidate form and not saved: the existing candidate
 * takes the ones chosen, and no second candidate is made (the draft travels in the navigation state,
 * not the address, as it holds personal details).
 */
export const mergeDraftPath = (survivorId: string) => `/crm/candidates/merge?survivor=${encodeURIComponent(survivorId)}`;
export type MergeDraftState = { draft: Row };
export const draftOf = (state: unknown): Row | null => {
  const draft = isRecord(state) ? state.draft : null;
  return isRecord(draft) ? draft : null;
};

/**
 * The typed details as a candidate to compare: the form holds only part of the address and the
 * preferences, so those are laid over the existing candidate's, as an edit is.
 */
export const draftCandidate = (survivor: Row, draft: Row): Row => candidatePayload(draft, 'edit', survivor);

/** The fields on which the typed details say something and differ from the existing candidate. */
export const draftDifferingFields = (survivor: Row, draft: Row): CandidateMergeField[] =>
  differingFields(survivor, draft).filter((field) => !isBlank(draft[field]));

/**
 * The one update that merges typed details into the existing candidate: each field chosen from the
 * typed side, and the linked contacts of both. `createAnyway` because the duplicates were seen.
 */
export const draftMergePayload = (input: {
  survivor: Row;
  draft: Row;
  choices: MergeChoices;
  differing: readonly CandidateMergeField[];
}): Row => {
  const values: Row = {};
  for (const field of input.differing) {
    if ((input.choices[field] ?? 'survivor') !== 'merged') continue;
    values[field] = mergedValue(field, input.draft[field], input.survivor[field]);
  }
  const typedContacts = Array.isArray(input.draft.contactIds) ? (input.draft.contactIds as string[]) : [];
  if (typedContacts.length > 0) {
    const own = Array.isArray(input.survivor.contactIds) ? (input.survivor.contactIds as string[]) : [];
    values.contactIds = [...new Set([...own, ...typedContacts])];
  }
  return { _id: input.survivor._id, ...values, createAnyway: true };
};
