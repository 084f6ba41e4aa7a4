import { IconBriefcase, IconCalendarUser, IconHome, IconMessageStar, IconUsers } from '@tabler/icons-react';
import { AreaShell } from './area-shell';

export const ClientShell = () => (
  <AreaShell
    area="Client"
    home="/client"
    nav={[
      { label: 'Home', to: '/client', icon: <IconHome size={18} aria-hidden />, exact: true },
      { label: 'Jobs', to: '/client/jobs', icon: <IconBriefcase size={18} aria-hidden /> },
      { label: 'Candidates', to: '/client/applications', icon: <IconUsers size={18} aria-hidden /> },
      { label: 'Interviews', to: '/client/interviews', icon: <IconCalendarUser size={18} aria-hidden /> },
      { label: 'Feedback', to: '/client/feedback', icon: <IconMessageStar size={18} aria-hidden /> },
    ]}
  />
);
