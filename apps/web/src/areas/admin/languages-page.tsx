import { language } from '@app/contract/resources/job-board/lookups';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { lookupFields, typedInStatusLabels } from './lookup-fields';

/** /admin/languages: the languages job seekers say they speak. */
export const languageScreen = screenTailoring({ resource: language, fields: lookupFields });

export const LanguagesPage = () => (
  <ResourceScreen
    {...languageScreen}
    description="The languages job seekers say they speak. Pending ones were typed in by job seekers: approve or reject them."
    searchPlaceholder="Label, code or native name"
    statusLabels={typedInStatusLabels}
  />
);
