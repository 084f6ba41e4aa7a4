import { moduleValue } from '@app/contract/access';
import { crmFeature } from '@app/contract/resources/crm-access';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';

export const featureScreen = screenTailoring({
  resource: crmFeature,
  fields: {
    pick: ['moduleId', 'title', 'value', 'modelName'],
    change: {
      title: { half: true },
      value: { half: true, description: 'Unique within the module', deriveFrom: { field: 'title', transform: moduleValue } },
      modelName: { description: 'The record type it covers, e.g. Candidate' },
    },
  },
  columns: { pick: ['title', 'value', 'moduleId', 'modelName'] },
});

export const FeaturesPage = () => (
  <ResourceScreen
    {...featureScreen}
    description="What can be allowed within each module. Only a super admin changes them."
    searchPlaceholder="Title, value or model name"
  />
);
