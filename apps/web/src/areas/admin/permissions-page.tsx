import { accessLevels, accessScopes } from '@app/contract/access';
import { crmFeature, crmModule, crmPermission } from '@app/contract/resources/crm-access';
import { enumFiltersOf } from '../../kit/enum-options';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { ResourceList } from '../../kit/resource-list';
import { StatusBadge } from '../../kit/status-badge';
import { humanise } from '../../kit/words';
import { featureOptions, moduleOptions } from '../common/lookups';
import { useNames } from '../common/use-names';

const levelWords: Record<(typeof accessLevels)[number], string> = {
  NONE: 'None',
  READ: 'Read: view',
  WRITE: 'Write: view and edit',
  FULL: 'Full: view, edit and delete',
};
const scopeWords: Record<(typeof accessScopes)[number], string> = {
  OWN: 'Own: records they own',
  TEAM: 'Team: records of their teams',
  ALL: 'All: every record of the organisation',
};

const fields: FieldDescriptor[] = [
  { name: 'title', label: 'Title', kind: 'text', placeholder: 'e.g. Candidate: view and edit' },
  { name: 'moduleId', label: 'Module', kind: 'select', options: moduleOptions, required: true, half: true },
  { name: 'featureId', label: 'Feature', kind: 'select', options: featureOptions, required: true, half: true },
  {
    name: 'access_level',
    label: 'Access level',
    kind: 'select',
    options: accessLevels.map((value) => ({ value, label: levelWords[value] })),
    required: true,
    half: true,
  },
  {
    name: 'conditions.scope',
    label: 'Scope',
    kind: 'select',
    options: accessScopes.map((value) => ({ value, label: scopeWords[value] })),
    required: true,
    half: true,
  },
];

const form = { fields, defaults: { access_level: 'READ', conditions: { scope: 'ALL' } } };
const filters = [{ key: 'moduleId', label: 'Module', options: moduleOptions }, ...enumFiltersOf(crmPermission)];

export const PermissionsPage = () => {
  const moduleNames = useNames(crmModule, (row) => row.title);
  const featureNames = useNames(crmFeature, (row) => row.title);
  return (
    <ResourceList
      resource={crmPermission}
      title="Permissions"
      description="An access level on one feature of a module; roles are made of these. Only a super admin changes them."
      noun="permission"
      searchPlaceholder="Title or access level"
      rowLabel={(row) => row.title || `${featureNames.get(row.featureId) ?? 'Permission'} ${row.access_level}`}
      form={form}
      filters={filters}
      columns={[
        { key: 'title', header: 'Title' },
        { key: 'moduleId', header: 'Module', render: (row) => moduleNames.get(row.moduleId) ?? '' },
        { key: 'featureId', header: 'Feature', render: (row) => featureNames.get(row.featureId) ?? '' },
        { key: 'access_level', header: 'Access level', render: (row) => <StatusBadge value={row.access_level} /> },
        { key: 'conditions.scope', header: 'Scope', render: (row) => humanise(row.conditions?.scope ?? 'ALL') },
      ]}
    />
  );
};
