import { crmRole } from '@app/contract/resources/crm-access';
import { ResourceList } from '../../kit/resource-list';
import { isCustomRole, roleColumns } from '../common/role-columns';
import { roleFields } from '../common/role-fields';

const form = { fields: roleFields('own') };

export const CrmRolesPage = () => (
  <ResourceList
    resource={crmRole}
    title="Roles"
    description="A role bundles permissions; give staff one or more roles to decide what they may see and do."
    noun="role"
    columns={roleColumns}
    rowLabel={(row) => row.title}
    searchPlaceholder="Title or code"
    form={form}
    canEdit={isCustomRole}
    canRemove={isCustomRole}
  />
);
