import { crmRole } from '@app/contract/resources/crm-access';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { ResourceList } from '../../kit/resource-list';
import { useSession } from '../../kit/session';
import { staffColumns, staffLabel } from '../common/staff-columns';
import { staffFields } from '../common/staff-fields';
import { useNames } from '../common/use-names';
import { ResetCredentialsButton } from './reset-credentials-button';

const form = { fields: staffFields('own') };

export const CrmStaffPage = () => {
  const { user } = useSession();
  const roleNames = useNames(crmRole, (row) => row.title);
  // Nobody deactivates or deletes their own account (the server refuses too).
  const notMe = (row: { _id: string }) => row._id !== user?._id;
  return (
    <ResourceList
      resource={organisationStaff}
      title="Staff"
      description="The people of your organisation who use the CRM, and what their roles let them do."
      noun="staff member"
      columns={staffColumns(roleNames)}
      rowLabel={staffLabel}
      searchPlaceholder="Name, email, phone or USR number"
      form={form}
      canRemove={notMe}
      canSetStatus={notMe}
      rowExtra={(row) => (notMe(row) ? <ResetCredentialsButton id={row._id} label={staffLabel(row)} email={row.email} /> : null)}
      deactivateMessage="They are signed out at once and cannot sign in until they are activated again."
    />
  );
};
