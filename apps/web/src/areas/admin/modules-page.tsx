import { moduleValue } from '@app/contract/access';
import { crmModule } from '@app/contract/resources/crm-access';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';

export const moduleScreen = screenTailoring({
  resource: crmModule,
  fields: {
    change: { value: { description: 'A unique code, filled from the title', deriveFrom: { field: 'title', transform: moduleValue } } },
  },
});

export const ModulesPage = () => (
  <ResourceScreen
    {...moduleScreen}
    title="CRM modules"
    description="The parts of the CRM that permissions are given for. Only a super admin changes them."
    searchPlaceholder="Title or value"
  />
);
