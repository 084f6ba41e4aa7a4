import { language } from '@app/contract/resources/job-board/lookups';
import { ResourceScreen } from '../../kit/resource-screen';
import { lookupFields, typedInStatusLabels } from './lookup-fields';

/** /admin/languages: the languages job seekers say they speak. */
export const LanguagesPage = () => (
  <ResourceScreen
    resource={language}
    description="The languages job seekers say they speak. Pending ones were typed in by job seekers: approve or reject them."
    searchPlaceholder="Label, code or native name"
    fields={lookupFields}
    statusLabels={typedInStatusLabels}
  />
);
