import { adminDashboardCounts } from '@app/contract/resources/content/admin-board';
import { article, contactQuery, employeeCard } from '@app/contract/resources/content/article';
import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { industry, jobTitle, language, skill } from '@app/contract/resources/job-board/lookups';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import {
  IconAddressBook,
  IconBriefcase,
  IconBuilding,
  IconBuildingFactory2,
  IconBuildingStore,
  IconBulb,
  IconHome,
  IconId,
  IconInbox,
  IconKey,
  IconLanguage,
  IconLayoutBoard,
  IconLayoutGrid,
  IconListCheck,
  IconListNumbers,
  IconNews,
  IconShieldLock,
  IconTags,
  IconTemplate,
  IconUserSearch,
  IconUsers,
} from '@tabler/icons-react';
import { adminAuthors, adminCompanies, adminJobSeekers, adminTemplates } from '../../areas/admin/admin-resources';
import { useSession } from '../../kit/session';
import { profilePathOf } from '../home-of';
import { AreaShell, type NavItem } from './area-shell';

const icon = { size: 18, 'aria-hidden': true } as const;

const nav: NavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: <IconHome {...icon} />, exact: true, show: (can) => can.call(adminDashboardCounts) },
  { label: 'Contact queries', to: '/admin/contact-queries', icon: <IconInbox {...icon} />, show: (can) => can.do(contactQuery, 'list') },
  {
    group: 'Job board',
    label: 'Job seekers',
    to: '/admin/job-seekers',
    icon: <IconUserSearch {...icon} />,
    show: (can) => can.do(adminJobSeekers, 'list'),
  },
  {
    group: 'Job board',
    label: 'Recruiter companies',
    to: '/admin/companies',
    icon: <IconBuildingStore {...icon} />,
    show: (can) => can.do(adminCompanies, 'list'),
  },
  { group: 'Content', label: 'Articles', to: '/admin/articles', icon: <IconNews {...icon} />, show: (can) => can.do(article, 'list') },
  {
    group: 'Content',
    label: 'Authors',
    to: '/admin/authors',
    icon: <IconAddressBook {...icon} />,
    show: (can) => can.do(adminAuthors, 'list'),
  },
  {
    group: 'Content',
    label: 'Engagement templates',
    to: '/admin/templates',
    icon: <IconTemplate {...icon} />,
    show: (can) => can.do(adminTemplates, 'list'),
  },
  {
    group: 'Content',
    label: 'Employee cards',
    to: '/admin/cards',
    icon: <IconId {...icon} />,
    show: (can) => can.do(employeeCard, 'list'),
  },
  // Platform admins only reach this shell, and the cover-letter catalogue is theirs: no check to make.
  {
    group: 'Cover letters',
    label: 'Letter sections',
    to: '/admin/cover-letters/sections',
    icon: <IconListNumbers {...icon} />,
  },
  {
    group: 'Cover letters',
    label: 'Suggestions',
    to: '/admin/cover-letters/suggestions',
    icon: <IconBulb {...icon} />,
  },
  {
    group: 'Cover letters',
    label: 'Letter templates',
    to: '/admin/cover-letters/templates',
    icon: <IconLayoutBoard {...icon} />,
  },
  // The lookups' lists are public; those who may add to them manage them.
  { group: 'Lookups', label: 'Skills', to: '/admin/skills', icon: <IconTags {...icon} />, show: (can) => can.do(skill, 'create') },
  {
    group: 'Lookups',
    label: 'Languages',
    to: '/admin/languages',
    icon: <IconLanguage {...icon} />,
    show: (can) => can.do(language, 'create'),
  },
  {
    group: 'Lookups',
    label: 'Job titles',
    to: '/admin/job-titles',
    icon: <IconBriefcase {...icon} />,
    show: (can) => can.do(jobTitle, 'create'),
  },
  {
    group: 'Lookups',
    label: 'Industries',
    to: '/admin/industries',
    icon: <IconBuildingFactory2 {...icon} />,
    show: (can) => can.do(industry, 'list'),
  },
  {
    group: 'CRM',
    label: 'Organisations',
    to: '/admin/organisations',
    icon: <IconBuilding {...icon} />,
    show: (can) => can.do(organisation, 'list'),
  },
  { group: 'CRM', label: 'Staff', to: '/admin/staff', icon: <IconUsers {...icon} />, show: (can) => can.do(organisationStaff, 'list') },
  {
    group: 'CRM',
    label: 'CRM modules',
    to: '/admin/modules',
    icon: <IconLayoutGrid {...icon} />,
    show: (can) => can.do(crmModule, 'list'),
  },
  { group: 'CRM', label: 'Features', to: '/admin/features', icon: <IconListCheck {...icon} />, show: (can) => can.do(crmFeature, 'list') },
  {
    group: 'CRM',
    label: 'Permissions',
    to: '/admin/permissions',
    icon: <IconKey {...icon} />,
    show: (can) => can.do(crmPermission, 'list'),
  },
  { group: 'CRM', label: 'Roles', to: '/admin/roles', icon: <IconShieldLock {...icon} />, show: (can) => can.do(crmRole, 'list') },
];

export const AdminShell = () => {
  const { user } = useSession();
  return <AreaShell area="Platform admin" home="/admin" nav={nav} profilePath={profilePathOf(user?.userType)} />;
};
