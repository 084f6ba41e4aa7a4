import { hiringReportCall } from '@app/contract/resources/hiring/hiring-report';
import { IconChartBar, IconHome, IconUser } from '@tabler/icons-react';
import { useSession } from '../../kit/session';
import { AreaShell, type NavItem } from './area-shell';
import { sectionNav } from './section-nav';

const icon = { size: 18, 'aria-hidden': true } as const;

/** The CRM's frame; the header says whose organisation this is. */
export const CrmShell = () => {
  const { user } = useSession();
  // The home first, then each definition's section in its menu order, each to whoever may list it; the profile last.
  const nav: NavItem[] = [
    { label: 'Dashboard', to: '/crm', icon: <IconHome {...icon} />, exact: true },
    ...sectionNav('crm', user?.userType),
    // A workflow's screen, not a definition's section: shown to who may read the report.
    { label: 'Hiring reports', to: '/crm/hiring-reports', icon: <IconChartBar {...icon} />, show: (can) => can.call(hiringReportCall) },
    { label: 'My profile', to: '/crm/profile', icon: <IconUser {...icon} /> },
  ];
  return <AreaShell area="CRM" home="/crm" nav={nav} profilePath="/crm/profile" workspace={user?.organisationName} />;
};
