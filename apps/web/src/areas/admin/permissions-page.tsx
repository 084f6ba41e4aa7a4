import { accessLevels, accessScopes } from '@app/contract/access';
import { crmPermission } from '@app/contract/resources/crm-access';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import type { Column } from '../../kit/resource-list';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { StatusBadge } from '../../kit/status-badge';
import type { Tailoring } from '../../kit/tailor';
import type { RecordOf } from '../../kit/use-resource';
import { humanise } from '../../kit/words';
import { featureOptions } from '../common/lookups';

type Permission = RecordOf<typeof crmPermission> & { feature?: { label?: string } };

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

const fields: Tailoring<FieldDescriptor> = {
  change: {
    title: { placeholder: 'e.g. Candidate: view and edit' },
    moduleId: { half: true },
    // A feature belongs to one module: its choices are that module's features, once the module is chosen.
    featureId: { half: true, reference: undefined, options: featureOptions },
    access_level: { half: true, options: accessLevels.map((value) => ({ value, label: levelWords[value] })) },
  },
  add: [
    {
      name: 'conditions.scope',
      label: 'Scope',
      kind: 'select',
      options: accessScopes.map((value) => ({ value, label: scopeWords[value] })),
      required: true,
      half: true,
    },
  ],
};

const columns: Tailoring<Column<Permission>> = {
  change: { access_level: { render: (row) => <StatusBadge value={row.access_level} /> } },
  add: [{ key: 'conditions.scope', header: 'Scope', render: (row) => humanise(row.conditions?.scope ?? 'ALL') }],
};

export const permissionScreen = screenTailoring({ resource: crmPermission, fields, columns });

const defaults = { access_level: 'READ', conditions: { scope: 'ALL' } };

export const PermissionsPage = () => (
  <ResourceScreen
    {...permissionScreen}
    description="An access level on one feature of a module; roles are made of these. Only a super admin changes them."
    searchPlaceholder="Title or access level"
    rowLabel={(row: Permission) => row.title || `${row.feature?.label ?? 'Permission'} ${row.access_level}`}
    defaults={defaults}
  />
);
