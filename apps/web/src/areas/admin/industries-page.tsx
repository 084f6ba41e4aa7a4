import { industry } from '@app/contract/resources/job-board/lookups';
import { ResourceScreen } from '../../kit/resource-screen';
import { lookupFields } from './lookup-fields';

/** /admin/industries: the industries companies, jobs, skills and job titles belong to. */
export const IndustriesPage = () => (
  <ResourceScreen
    resource={industry}
    description="The industries companies, jobs, skills and job titles belong to."
    searchPlaceholder="Label or code"
    fields={lookupFields}
  />
);
