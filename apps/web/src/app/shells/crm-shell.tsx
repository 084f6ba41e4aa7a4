import { IconHistory, IconHome, IconShieldLock, IconUser, IconUsers } from '@tabler/icons-react';
import { AreaShell, type NavItem } from './area-shell';

const icon = { size: 18, 'aria-hidden': true } as const;

const nav: NavItem[] = [
  { label: 'Dashboard', to: '/crm', icon: <IconHome {...icon} />, exact: true },
  { label: 'Staff', to: '/crm/staff', icon: <IconUsers {...icon} /> },
  { label: 'Roles', to: '/crm/roles', icon: <IconShieldLock {...icon} /> },
  { label: 'Audit log', to: '/crm/audit-log', icon: <IconHistory {...icon} /> },
  { label: 'My profile', to: '/crm/profile', icon: <IconUser {...icon} /> },
];

export const CrmShell = () => <AreaShell area="CRM" home="/crm" nav={nav} profilePath="/crm/profile" />;
