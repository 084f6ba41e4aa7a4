import { moduleValue } from '@app/contract/access';
import { crmModule } from '@app/contract/resources/crm-access';
import { ResourceScreen } from '../../kit/resource-screen';

const fields = {
  change: { value: { description: 'A unique code, filled from the title', deriveFrom: { field: 'title', transform: moduleValue } } },
};

export const ModulesPage = () => (
  <ResourceScreen
    resource={crmModule}
    title="CRM modules"
    description="The parts of the CRM that permissions are given for. Only a super admin changes them."
    searchPlaceholder="Title or value"
    fields={fields}
  />
);
