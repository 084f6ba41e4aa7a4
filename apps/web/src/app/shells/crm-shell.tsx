import { callLog } from '@app/contract/resources/crm/call-log';
import { candidate } from '@app/contract/resources/crm/candidate';
import { client } from '@app/contract/resources/crm/client';
import { contact } from '@app/contract/resources/crm/contact';
import { event } from '@app/contract/resources/crm/event';
import { lead } from '@app/contract/resources/crm/lead';
import { crmNote } from '@app/contract/resources/crm/note';
import { sentMail } from '@app/contract/resources/crm/sent-mail';
import { task } from '@app/contract/resources/crm/task';
import { team } from '@app/contract/resources/crm/team';
import { crmRole } from '@app/contract/resources/crm-access';
import { entityLog } from '@app/contract/resources/entity-log';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import {
  IconAddressBook,
  IconBuilding,
  IconCalendarEvent,
  IconChecklist,
  IconHistory,
  IconHome,
  IconMailForward,
  IconNotes,
  IconPhoneCall,
  IconShieldLock,
  IconTargetArrow,
  IconUser,
  IconUserSearch,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useSession } from '../../kit/session';
import { AreaShell, type NavItem } from './area-shell';

const icon = { size: 18, 'aria-hidden': true } as const;

const nav: NavItem[] = [
  { label: 'Dashboard', to: '/crm', icon: <IconHome {...icon} />, exact: true },
  { label: 'Candidates', to: '/crm/candidates', icon: <IconUserSearch {...icon} />, show: (can) => can.do(candidate, 'list') },
  { label: 'Clients', to: '/crm/clients', icon: <IconBuilding {...icon} />, show: (can) => can.do(client, 'list') },
  { label: 'Contacts', to: '/crm/contacts', icon: <IconAddressBook {...icon} />, show: (can) => can.do(contact, 'list') },
  { label: 'Call logs', to: '/crm/call-logs', icon: <IconPhoneCall {...icon} />, show: (can) => can.do(callLog, 'list') },
  { label: 'Leads', to: '/crm/leads', icon: <IconTargetArrow {...icon} />, show: (can) => can.do(lead, 'list') },
  { label: 'Tasks', to: '/crm/tasks', icon: <IconChecklist {...icon} />, show: (can) => can.do(task, 'list') },
  { label: 'Calendar', to: '/crm/calendar', icon: <IconCalendarEvent {...icon} />, show: (can) => can.do(event, 'list') },
  { label: 'Notes', to: '/crm/notes', icon: <IconNotes {...icon} />, show: (can) => can.do(crmNote, 'list') },
  { label: 'Staff', to: '/crm/staff', icon: <IconUsers {...icon} />, show: (can) => can.do(organisationStaff, 'list') },
  { label: 'Teams', to: '/crm/teams', icon: <IconUsersGroup {...icon} />, show: (can) => can.do(team, 'list') },
  { label: 'Roles', to: '/crm/roles', icon: <IconShieldLock {...icon} />, show: (can) => can.do(crmRole, 'list') },
  { label: 'Audit log', to: '/crm/audit-log', icon: <IconHistory {...icon} />, show: (can) => can.do(entityLog, 'list') },
  { label: 'Sent mail', to: '/crm/sent-mail', icon: <IconMailForward {...icon} />, show: (can) => can.do(sentMail, 'list') },
  { label: 'My profile', to: '/crm/profile', icon: <IconUser {...icon} /> },
];

/** The CRM's frame; the header says whose organisation this is. */
export const CrmShell = () => {
  const { user } = useSession();
  return <AreaShell area="CRM" home="/crm" nav={nav} profilePath="/crm/profile" workspace={user?.organisationName} />;
};
