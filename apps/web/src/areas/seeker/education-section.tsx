import type { Education } from '@app/contract/conventions/career';
import { updateJobSeekerEducation } from '@app/contract/resources/job-board/job-seeker';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';
import { EntryListSection } from './entry-list-section';
import { periodText } from './period';

/** The inputs of one entry; the CV builder edits its copy of the list with the same ones. */
export const educationFields: FieldDescriptor[] = [
  { name: 'organization', label: 'School, college or university', kind: 'text', required: true },
  { name: 'qualification', label: 'Qualification', kind: 'text', half: true, required: true, placeholder: 'e.g. BSc, A level' },
  { name: 'subject', label: 'Subject', kind: 'text', half: true, required: true },
  { name: 'grade', label: 'Grade', kind: 'text', half: true, required: true },
  { name: 'isPursuing', label: 'I am still studying', kind: 'switch', half: true },
  { name: 'startDate', label: 'Start date', kind: 'date', half: true, required: true, description: 'Not in the future' },
  {
    name: 'endDate',
    label: 'End date',
    kind: 'date',
    half: true,
    required: true,
    description: 'Not before the start',
    showIf: (values) => values.isPursuing !== true,
  },
  { name: 'description', label: 'Description', kind: 'textarea' },
];

export const EducationSection = ({ record }: { record: SeekerRecord }) => {
  const setProfile = useSetSeekerProfile();
  return (
    <EntryListSection<Education>
      id="education"
      title="Education"
      description="Schools, colleges, universities and courses."
      noun="qualification"
      listKey="education"
      entries={record.education}
      fields={educationFields}
      describe={(entry) => ({
        title: `${entry.qualification} in ${entry.subject}`,
        subtitle: `${entry.organization} · ${entry.grade}`,
        period: periodText(entry.startDate, entry.endDate, entry.isPursuing),
      })}
      save={async (education) => setProfile(await callApi(updateJobSeekerEducation, { education }))}
    />
  );
};
