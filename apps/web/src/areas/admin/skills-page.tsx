import { skill } from '@app/contract/resources/job-board/lookups';
import { ResourceScreen } from '../../kit/resource-screen';
import { lookupFields, typedInStatusLabels } from './lookup-fields';

/** /admin/skills: the skills job seekers and jobs pick from. */
export const SkillsPage = () => (
  <ResourceScreen
    resource={skill}
    description="The skills job seekers and jobs pick from. Pending ones were typed in by job seekers: approve or reject them."
    searchPlaceholder="Label or code"
    fields={lookupFields}
    statusLabels={typedInStatusLabels}
  />
);
