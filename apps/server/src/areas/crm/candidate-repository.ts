import { candidate, crmNoticePeriod } from '@app/contract/resources/crm/candidate';
import { candidates, crmNoticePeriods } from '../../db/schema/candidates';
import { resourceRepository } from '../../engine/repository';
import { emailKey, phoneKey } from './candidate-contact-keys';

export const candidateRepository = resourceRepository(candidate, candidates);
export const noticePeriodRepository = resourceRepository(crmNoticePeriod, crmNoticePeriods);

type Values = Record<string, unknown>;
type Preferences = {
  noticePeriodId?: string | null;
  jobTypes?: number[];
  workModel?: string[];
  preferredLocation?: { city?: string } | null;
};

/**
 * The columns derived from what a candidate holds, written beside it on every write and never sent:
 * the duplicate keys, and what the list filters by (a preferences JSON path cannot be indexed or
 * checked as a reference; its own column can).
 */
export const derivedColumns = (candidateValues: Values) => {
  const preferences = (candidateValues.preferences ?? null) as Preferences | null;
  const address = (candidateValues.address ?? null) as { city?: string } | null;
  const city = (preferences?.preferredLocation?.city ?? address?.city ?? '').trim().toLowerCase();
  return {
    emailNormalised: emailKey(String(candidateValues.email ?? '')),
    phoneNormalised: phoneKey(String(candidateValues.phone ?? '')),
    noticePeriodId: preferences?.noticePeriodId ?? null,
    city: city || null,
    skillIds: ((candidateValues.skills ?? []) as { skillId: string }[]).map((skill) => skill.skillId),
    jobTypes: preferences?.jobTypes ?? [],
    workModel: preferences?.workModel ?? [],
  };
};
