import { adminDashboardCounts } from '@app/contract/resources/content/admin-board';
import { IconHome } from '@tabler/icons-react';
import { useSession } from '../../kit/session';
import { profilePathOf } from '../home-of';
import { AreaShell, type NavItem } from './area-shell';
import { sectionNav } from './section-nav';

const icon = { size: 18, 'aria-hidden': true } as const;

/** The platform admin's frame: the dashboard, then each definition's section in its menu order and group. */
export const AdminShell = () => {
  const { user } = useSession();
  const nav: NavItem[] = [
    { label: 'Dashboard', to: '/admin', icon: <IconHome {...icon} />, exact: true, show: (can) => can.call(adminDashboardCounts) },
    ...sectionNav('admin', user?.userType),
  ];
  return <AreaShell area="Platform admin" home="/admin" nav={nav} profilePath={profilePathOf(user?.userType)} />;
};
