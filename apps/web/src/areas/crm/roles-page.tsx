import { crmRole } from '@app/contract/resources/crm-access';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../kit/can';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { isCustomRole, roleColumns } from '../common/role-columns';

export const crmRoleScreen = screenTailoring({ resource: crmRole, columns: roleColumns() });

/** /crm/roles: each role with what it allows in a line; a role is edited as a grid on a page of its own. */
export const CrmRolesPage = () => {
  const can = useCan();
  return (
    <ResourceScreen
      {...crmRoleScreen}
      description="A role says what its holders may see and do; give staff one or more roles."
      searchPlaceholder="Title or code"
      readOnly
      editTo={(row) => `/crm/roles/${row._id}`}
      action={
        can.do(crmRole, 'create') ? (
          <Button component={Link} to="/crm/roles/new" leftSection={<IconPlus size={18} aria-hidden />}>
            Add role
          </Button>
        ) : undefined
      }
      canEdit={isCustomRole}
      canRemove={isCustomRole}
    />
  );
};
