import { crmRole } from '@app/contract/resources/crm-access';
import { ResourceScreen } from '../../kit/resource-screen';
import { isCustomRole, roleColumns } from '../common/role-columns';
import { roleFields } from '../common/role-fields';

const fields = roleFields('own');
const columns = roleColumns();

export const CrmRolesPage = () => (
  <ResourceScreen
    resource={crmRole}
    description="A role bundles permissions; give staff one or more roles to decide what they may see and do."
    searchPlaceholder="Title or code"
    fields={fields}
    columns={columns}
    canEdit={isCustomRole}
    canRemove={isCustomRole}
  />
);
