import { IconHome } from '@tabler/icons-react';
import { AreaShell } from './area-shell';

export const ClientShell = () => (
  <AreaShell area="Client" home="/client" nav={[{ label: 'Home', to: '/client', icon: <IconHome size={18} aria-hidden />, exact: true }]} />
);
