import { moduleValue } from '@app/contract/access';
import { crmModule } from '@app/contract/resources/crm-access';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { ResourceList } from '../../kit/resource-list';

const fields: FieldDescriptor[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  {
    name: 'value',
    label: 'Value',
    kind: 'text',
    required: true,
    description: 'A unique code, filled from the title',
    deriveFrom: { field: 'title', transform: moduleValue },
  },
];

const form = { fields };

export const ModulesPage = () => (
  <ResourceList
    resource={crmModule}
    title="CRM modules"
    description="The parts of the CRM that permissions are given for. Only a super admin changes them."
    noun="module"
    searchPlaceholder="Title or value"
    rowLabel={(row) => row.title}
    form={form}
    columns={[
      { key: 'title', header: 'Title' },
      { key: 'value', header: 'Value' },
    ]}
  />
);
