import type { ResumeDraftAnswer } from '@app/contract/resources/crm/candidate-cv';

type Values = Record<string, unknown>;

/**
 * The add-candidate form's values from a résumé's draft (POST /candidate-cv/parse-resume-pdf):
 * what the draft found replaces the field; what it did not find keeps the form's value. The
 * current job's title becomes the current job title.
 */
export const formValuesOfDraft = (draft: ResumeDraftAnswer, current: Values = {}): Values => {
  const held = current as { name?: Values; address?: Values; preferences?: Values };
  const job = draft.workHistory.find((item) => item.currentlyWorkingHere) ?? null;
  const pick = <T>(found: T | null | undefined, kept: unknown) => (found ? found : kept);
  return {
    ...current,
    name: { ...held.name, first: pick(draft.name?.first, held.name?.first), last: pick(draft.name?.last, held.name?.last) },
    email: pick(draft.email, current.email),
    phone: pick(draft.phone, current.phone),
    address: { ...held.address, city: pick(draft.city, held.address?.city) },
    about: pick(draft.summary, current.about),
    linkedInLink: pick(draft.links.linkedIn, current.linkedInLink),
    gitHubLink: pick(draft.links.gitHub, current.gitHubLink),
    preferences: { ...held.preferences, currentJobTitle: pick(job?.jobTitle, held.preferences?.currentJobTitle) },
  };
};

const monthYear = (date: string | null) =>
  date ? new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }) : '?';

/** What the form has no field for, said in lines for the recruiter to check against the CV. */
export const draftNotes = (draft: ResumeDraftAnswer) => ({
  workHistory: draft.workHistory.map(
    (item) =>
      `${item.jobTitle ?? 'A role'}${item.organization ? ` at ${item.organization}` : ''}, ${monthYear(item.startDate)} – ${item.currentlyWorkingHere ? 'now' : monthYear(item.endDate)}`,
  ),
  education: draft.education.map((item) =>
    [item.qualification, item.subject && `in ${item.subject}`, item.organization && `, ${item.organization}`]
      .filter(Boolean)
      .join(' ')
      .replace(' ,', ','),
  ),
  skills: draft.skills.map((skill) => (skill.isNew ? `${skill.label} (new)` : skill.label)),
});

/** The draft's skills the skills lookup holds, as the candidate keeps them (a new skill is not added to the lookup from here). */
export const lookupSkillsOf = (draft: ResumeDraftAnswer) =>
  draft.skills.flatMap((skill) => (skill.skillId ? [{ skillId: skill.skillId, label: skill.label, rating: 3 }] : []));
