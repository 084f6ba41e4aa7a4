import { IconHome, IconUser } from '@tabler/icons-react';
import type { Can } from '../../kit/can';
import { MenuIconOf } from '../../kit/menu-icons';
import { sectionsOf } from '../../kit/sections';
import { useSession } from '../../kit/session';
import { AreaShell, type NavItem } from './area-shell';

const icon = { size: 18, 'aria-hidden': true } as const;

/** The home first, then each definition's section in its menu order, each to whoever may list it; the profile last. */
const nav: NavItem[] = [
  { label: 'Dashboard', to: '/crm', icon: <IconHome {...icon} />, exact: true },
  ...sectionsOf('crm').map(({ resource, screen }) => ({
    label: screen.menu.label,
    to: `/crm/${screen.path}`,
    icon: <MenuIconOf icon={screen.menu.icon} />,
    show: (can: Can) => can.do(resource, 'list'),
  })),
  { label: 'My profile', to: '/crm/profile', icon: <IconUser {...icon} /> },
];

/** The CRM's frame; the header says whose organisation this is. */
export const CrmShell = () => {
  const { user } = useSession();
  return <AreaShell area="CRM" home="/crm" nav={nav} profilePath="/crm/profile" workspace={user?.organisationName} />;
};
