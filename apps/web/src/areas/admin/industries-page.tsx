import { industry } from '@app/contract/resources/job-board/lookups';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { lookupFields } from './lookup-fields';

/** /admin/industries: the industries companies, jobs, skills and job titles belong to. */
export const industryScreen = screenTailoring({ resource: industry, fields: lookupFields });

export const IndustriesPage = () => (
  <ResourceScreen
    {...industryScreen}
    description="The industries companies, jobs, skills and job titles belong to."
    searchPlaceholder="Label or code"
  />
);
