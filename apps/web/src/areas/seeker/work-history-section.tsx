import type { WorkHistory } from '@app/contract/conventions/career';
import { updateJobSeekerWorkHistory } from '@app/contract/resources/job-board/job-seeker';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { jobTypeOptions } from '../board/lookup-options';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';
import { EntryListSection } from './entry-list-section';
import { periodText } from './period';

const jobTypeNames = jobTypeOptions.map((option) => ({ value: option.label, label: option.label }));

/** The inputs of one entry; the CV builder edits its copy of the list with the same ones. */
export const workHistoryFields: FieldDescriptor[] = [
  { name: 'jobTitle', label: 'Job title', kind: 'text', half: true, required: true },
  { name: 'jobType', label: 'Job type', kind: 'select', options: jobTypeNames, half: true, required: true },
  { name: 'organization', label: 'Company', kind: 'text', half: true, required: true },
  { name: 'city', label: 'Town or city', kind: 'text', half: true, required: true },
  { name: 'currentlyWorkingHere', label: 'I work here now', kind: 'switch' },
  { name: 'startDate', label: 'Start date', kind: 'date', half: true, required: true, description: 'Not in the future' },
  {
    name: 'endDate',
    label: 'End date',
    kind: 'date',
    half: true,
    required: true,
    description: 'Not before the start',
    showIf: (values) => values.currentlyWorkingHere !== true,
  },
  { name: 'responsibilities', label: 'Responsibilities', kind: 'textarea', required: true },
];

export const WorkHistorySection = ({ record }: { record: SeekerRecord }) => {
  const setProfile = useSetSeekerProfile();
  return (
    <EntryListSection<WorkHistory>
      id="work-history"
      title="Work history"
      description="Your jobs, most recent first."
      noun="job"
      listKey="workHistory"
      entries={[...record.workHistory].sort((a, b) => String(b.startDate).localeCompare(String(a.startDate)))}
      fields={workHistoryFields}
      describe={(entry) => ({
        title: entry.jobTitle,
        subtitle: `${entry.organization}, ${entry.city} · ${entry.jobType}`,
        period: periodText(entry.startDate, entry.endDate, entry.currentlyWorkingHere),
      })}
      save={async (workHistory) => setProfile(await callApi(updateJobSeekerWorkHistory, { workHistory }))}
    />
  );
};
