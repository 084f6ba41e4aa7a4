import { IconHome } from '@tabler/icons-react';
import { AreaShell } from './area-shell';

export const SeekerShell = () => (
  <AreaShell
    area="Job seeker"
    home="/seeker"
    nav={[{ label: 'Home', to: '/seeker', icon: <IconHome size={18} aria-hidden />, exact: true }]}
  />
);
