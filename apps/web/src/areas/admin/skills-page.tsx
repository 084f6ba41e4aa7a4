import { skill } from '@app/contract/resources/job-board/lookups';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { lookupFields, typedInStatusLabels } from './lookup-fields';

/** /admin/skills: the skills job seekers and jobs pick from. */
export const skillScreen = screenTailoring({ resource: skill, fields: lookupFields });

export const SkillsPage = () => (
  <ResourceScreen
    {...skillScreen}
    description="The skills job seekers and jobs pick from. Pending ones were typed in by job seekers: approve or reject them."
    searchPlaceholder="Label or code"
    statusLabels={typedInStatusLabels}
  />
);
