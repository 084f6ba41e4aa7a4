import { crmRole } from '@app/contract/resources/crm-access';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { enumFiltersOf } from '../../kit/enum-options';
import { ResourceList } from '../../kit/resource-list';
import { organisationOptions } from '../common/lookups';
import { staffColumns, staffLabel } from '../common/staff-columns';
import { staffFields } from '../common/staff-fields';
import { useNames, useOrganisationNames } from '../common/use-names';
import { OrganisationName } from './organisation-name';

const form = { fields: staffFields('chosen') };
const filters = [{ key: 'organisationId', label: 'Organisation', options: organisationOptions }, ...enumFiltersOf(organisationStaff)];

export const AdminStaffPage = () => {
  const roleNames = useNames(crmRole, (row) => row.title);
  const organisationNames = useOrganisationNames();
  const [name, ...rest] = staffColumns(roleNames);
  return (
    <ResourceList
      resource={organisationStaff}
      title="Staff"
      description="CRM staff across every organisation."
      noun="staff member"
      columns={[
        ...(name ? [name] : []),
        {
          key: 'organisationId',
          header: 'Organisation',
          render: (row) => <OrganisationName id={row.organisationId} names={organisationNames} />,
        },
        ...rest,
      ]}
      rowLabel={staffLabel}
      filters={filters}
      searchPlaceholder="Name, email, phone or USR number"
      form={form}
      deactivateMessage="They are signed out at once and cannot sign in until they are activated again."
    />
  );
};
