import { jobTitle } from '@app/contract/resources/job-board/lookups';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { lookupFields } from './lookup-fields';

/** /admin/job-titles: the job titles offered when people describe their work. */
export const jobTitleScreen = screenTailoring({ resource: jobTitle, fields: lookupFields });

export const JobTitlesPage = () => (
  <ResourceScreen
    {...jobTitleScreen}
    description="The job titles offered when people describe their work."
    searchPlaceholder="Label or code"
  />
);
