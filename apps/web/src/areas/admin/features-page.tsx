import { moduleValue } from '@app/contract/access';
import { crmFeature, crmModule } from '@app/contract/resources/crm-access';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { ResourceList } from '../../kit/resource-list';
import { moduleOptions } from '../common/lookups';
import { useNames } from '../common/use-names';

const fields: FieldDescriptor[] = [
  { name: 'moduleId', label: 'Module', kind: 'select', options: moduleOptions, required: true },
  { name: 'title', label: 'Title', kind: 'text', half: true, required: true },
  {
    name: 'value',
    label: 'Value',
    kind: 'text',
    half: true,
    required: true,
    description: 'Unique within the module',
    deriveFrom: { field: 'title', transform: moduleValue },
  },
  { name: 'modelName', label: 'Model name', kind: 'text', required: true, description: 'The record type it covers, e.g. Candidate' },
];

const form = { fields };
const filters = [{ key: 'moduleId', label: 'Module', options: moduleOptions }];

export const FeaturesPage = () => {
  const moduleNames = useNames(crmModule, (row) => row.title);
  return (
    <ResourceList
      resource={crmFeature}
      title="Features"
      description="What can be allowed within each module. Only a super admin changes them."
      noun="feature"
      searchPlaceholder="Title, value or model name"
      rowLabel={(row) => row.title}
      form={form}
      filters={filters}
      columns={[
        { key: 'title', header: 'Title' },
        { key: 'value', header: 'Value' },
        { key: 'moduleId', header: 'Module', render: (row) => moduleNames.get(row.moduleId) ?? '' },
        { key: 'modelName', header: 'Model name' },
      ]}
    />
  );
};
