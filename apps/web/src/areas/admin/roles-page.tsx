import { crmRole } from '@app/contract/resources/crm-access';
import { ResourceList } from '../../kit/resource-list';
import { organisationOptions } from '../common/lookups';
import { isCustomRole, roleColumns } from '../common/role-columns';
import { roleFields } from '../common/role-fields';
import { useOrganisationNames } from '../common/use-names';
import { OrganisationName } from './organisation-name';

const form = { fields: roleFields('chosen') };
const filters = [{ key: 'organisationId', label: 'Organisation', options: organisationOptions }];

export const AdminRolesPage = () => {
  const organisationNames = useOrganisationNames();
  return (
    <ResourceList
      resource={crmRole}
      title="Roles"
      description="Roles of every organisation. Each organisation has a built-in Organisation admin role."
      noun="role"
      searchPlaceholder="Title or code"
      rowLabel={(row) => row.title}
      form={form}
      filters={filters}
      canEdit={isCustomRole}
      canRemove={isCustomRole}
      columns={[
        ...roleColumns.slice(0, 1),
        {
          key: 'organisationId',
          header: 'Organisation',
          render: (row) => <OrganisationName id={row.organisationId} names={organisationNames} />,
        },
        ...roleColumns.slice(1),
      ]}
    />
  );
};
