import { IconHome } from '@tabler/icons-react';
import { AreaShell } from './area-shell';

export const CompanyShell = () => (
  <AreaShell
    area="Company"
    home="/company"
    nav={[{ label: 'Home', to: '/company', icon: <IconHome size={18} aria-hidden />, exact: true }]}
  />
);
