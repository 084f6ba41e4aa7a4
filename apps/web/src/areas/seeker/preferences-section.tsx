import { updateJobSeekerPreferences } from '@app/contract/resources/job-board/job-seeker';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { SectionCard } from '../../kit/section-card';
import {
  experienceOptions,
  industryLoader,
  jobTypeOptions,
  noticePeriodOptions,
  salaryDurationOptions,
  travelOptionOptions,
  workModelOptions,
} from '../board/lookup-options';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';

const p = (name: string) => `preferences.${name}`;

const fields: FieldDescriptor[] = [
  { name: p('desiredJobTitle'), label: 'Job you are looking for', kind: 'text', half: true, placeholder: 'e.g. Frontend Developer' },
  { name: p('currentJobTitle'), label: 'Current job title', kind: 'text', half: true },
  { name: p('jobTypes'), label: 'Job types', kind: 'multiselect', options: jobTypeOptions, half: true },
  { name: p('workModel'), label: 'Work models', kind: 'multiselect', options: workModelOptions, half: true },
  { name: p('industries'), label: 'Industries', kind: 'multiselect', options: industryLoader },
  { name: p('experience'), label: 'Experience', kind: 'select', options: experienceOptions, half: true },
  { name: p('noticePeriodId'), label: 'Notice period', kind: 'select', options: noticePeriodOptions, half: true },
  { name: p('expectedSalary.min'), label: 'Expected salary from (£)', kind: 'number', half: true, section: 'Pay' },
  { name: p('expectedSalary.max'), label: 'Expected salary to (£)', kind: 'number', half: true, section: 'Pay' },
  { name: p('expectedSalary.duration'), label: 'Paid', kind: 'select', options: salaryDurationOptions, half: true, section: 'Pay' },
  {
    name: p('preferredLocation.city'),
    label: 'Where you want to work',
    kind: 'text',
    half: true,
    section: 'Place',
    placeholder: 'Town or city',
  },
  { name: p('travelOption'), label: 'Travel', kind: 'select', options: travelOptionOptions, half: true, section: 'Place' },
  { name: p('willingToRelocate'), label: 'Willing to relocate', kind: 'switch', half: true, section: 'Place' },
  { name: p('ukDrivingLicence'), label: 'UK driving licence', kind: 'switch', half: true, section: 'Place' },
];

/** Job types and work models are numbers and codes in the API; the selects hold them as text. */
const toPreferences = (payload: Record<string, unknown>) => {
  const preferences = { ...((payload.preferences ?? {}) as Record<string, unknown>) };
  if (Array.isArray(preferences.jobTypes)) preferences.jobTypes = preferences.jobTypes.map(Number);
  if (typeof preferences.travelOption === 'string') preferences.travelOption = Number(preferences.travelOption);
  return { preferences };
};

/** What the seeker is looking for; saved as a whole, so what is left empty is cleared. */
export const PreferencesSection = ({ record }: { record: SeekerRecord }) => {
  const setProfile = useSetSeekerProfile();
  return (
    <SectionCard id="preferences" title="Job preferences" description="What you are looking for, so employers and searches can match you.">
      <FieldsForm
        fields={fields}
        initial={record}
        emptyStrings="omit"
        submitLabel="Save preferences"
        successMessage="Your preferences have been saved"
        onSubmit={(payload) => callApi(updateJobSeekerPreferences, toPreferences(payload))}
        onSuccess={setProfile}
      />
    </SectionCard>
  );
};
