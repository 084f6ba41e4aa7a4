import { jobTitle } from '@app/contract/resources/job-board/lookups';
import { ResourceScreen } from '../../kit/resource-screen';
import { lookupFields } from './lookup-fields';

/** /admin/job-titles: the job titles offered when people describe their work. */
export const JobTitlesPage = () => (
  <ResourceScreen
    resource={jobTitle}
    description="The job titles offered when people describe their work."
    searchPlaceholder="Label or code"
    fields={lookupFields}
  />
);
