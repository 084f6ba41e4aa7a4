import type { knownVariables } from '@app/contract/resources/job-board/cover-letter';
import type { SeekerRecord } from '../../board/types';
import { escapeHtml } from '../document-content';

type Period = { startDate?: string | null; endDate?: string | null; current?: boolean };

const day = 24 * 60 * 60 * 1000;

/**
 * Whole years worked, from the work history: overlapping jobs count once, a current job runs to
 * today. Nothing when there is no history to count from.
 */
export const yearsOfExperience = (periods: readonly Period[], now = Date.now()) => {
  const spans = periods
    .map((period) => {
      const start = period.startDate ? new Date(period.startDate).getTime() : Number.NaN;
      const end = period.current || !period.endDate ? now : new Date(period.endDate).getTime();
      return [start, Math.min(end, now)] as const;
    })
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = Number.NEGATIVE_INFINITY;
  for (const [start, end] of spans) {
    const from = Math.max(start, reached);
    if (end > from) total += end - from;
    reached = Math.max(reached, end);
  }
  const years = Math.floor(total / (365.25 * day));
  return years > 0 ? String(years) : '';
};

/** "Python, SQL and Excel". */
const listInWords = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

type LetterPeople = {
  name: { first?: string; last?: string };
  designation: string;
  email: string;
  phone: string;
  recipientName: string;
  companyName: string;
  jobTitle: string;
};

export type VariableValues = Record<keyof typeof knownVariables, string>;

/**
 * The values a suggestion's `{{variables}}` are filled with: who writes (the letter's details,
 * with skills and experience from the profile) and whom to (the recipient, or the job).
 * Escaped, since suggestions are HTML.
 */
export const variableValues = (letter: LetterPeople, profile: SeekerRecord | undefined): VariableValues => {
  const jobs = [...(profile?.workHistory ?? [])].sort((a, b) => String(b.startDate).localeCompare(String(a.startDate)));
  const current = jobs.find((job) => job.currentlyWorkingHere);
  const values = {
    companyName: letter.companyName,
    jobTitle: letter.jobTitle,
    hiringManager: letter.recipientName || 'Hiring Manager',
    fullName: [letter.name.first, letter.name.last]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' '),
    firstName: letter.name.first ?? '',
    designation: letter.designation,
    email: letter.email,
    phone: letter.phone,
    topSkills: listInWords((profile?.skills ?? []).flatMap((skill) => (skill.label ? [skill.label] : [])).slice(0, 3)),
    yearsOfExperience: yearsOfExperience(
      jobs.map((job) => ({ startDate: job.startDate, endDate: job.endDate, current: job.currentlyWorkingHere })),
    ),
    currentCompany: current?.organization ?? '',
  };
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, escapeHtml(value.trim())])) as VariableValues;
};
