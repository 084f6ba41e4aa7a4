import { IconBriefcase, IconBuildingSkyscraper } from '@tabler/icons-react';
import { AreaShell, type NavItem } from './area-shell';

const icon = { size: 18, 'aria-hidden': true } as const;

const nav: NavItem[] = [
  { label: 'Jobs', to: '/company/jobs', icon: <IconBriefcase {...icon} /> },
  { label: 'Company profile', to: '/company/profile', icon: <IconBuildingSkyscraper {...icon} /> },
];

export const CompanyShell = () => <AreaShell area="Company" home="/company" nav={nav} profilePath="/company/profile" />;
