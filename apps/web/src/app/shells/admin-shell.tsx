import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { IconBuilding, IconHome, IconKey, IconLayoutGrid, IconListCheck, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useSession } from '../../kit/session';
import { profilePathOf } from '../home-of';
import { AreaShell, type NavItem } from './area-shell';

const icon = { size: 18, 'aria-hidden': true } as const;

const nav: NavItem[] = [
  { label: 'Overview', to: '/admin', icon: <IconHome {...icon} />, exact: true },
  {
    label: 'Organisations',
    to: '/admin/organisations',
    icon: <IconBuilding {...icon} />,
    show: (can) => can.do(organisation, 'list'),
  },
  { label: 'Staff', to: '/admin/staff', icon: <IconUsers {...icon} />, show: (can) => can.do(organisationStaff, 'list') },
  { label: 'CRM modules', to: '/admin/modules', icon: <IconLayoutGrid {...icon} />, show: (can) => can.do(crmModule, 'list') },
  { label: 'Features', to: '/admin/features', icon: <IconListCheck {...icon} />, show: (can) => can.do(crmFeature, 'list') },
  { label: 'Permissions', to: '/admin/permissions', icon: <IconKey {...icon} />, show: (can) => can.do(crmPermission, 'list') },
  { label: 'Roles', to: '/admin/roles', icon: <IconShieldLock {...icon} />, show: (can) => can.do(crmRole, 'list') },
];

export const AdminShell = () => {
  const { user } = useSession();
  return <AreaShell area="Platform admin" home="/admin" nav={nav} profilePath={profilePathOf(user?.userType)} />;
};
