import type { MenuIcon } from '@app/contract/screen-placement';
import {
  IconAddressBook,
  IconBuilding,
  IconCalendarEvent,
  IconChecklist,
  IconHistory,
  IconMailForward,
  IconNotes,
  IconPhoneCall,
  IconShieldLock,
  IconStars,
  IconTargetArrow,
  IconUserSearch,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type IconComponent = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

/** How each icon a definition's menu line names is drawn; a name missing here fails the type check. */
const icons: Record<MenuIcon, IconComponent> = {
  'address-book': IconAddressBook,
  building: IconBuilding,
  'calendar-event': IconCalendarEvent,
  checklist: IconChecklist,
  history: IconHistory,
  'mail-forward': IconMailForward,
  notes: IconNotes,
  'phone-call': IconPhoneCall,
  'shield-lock': IconShieldLock,
  stars: IconStars,
  'target-arrow': IconTargetArrow,
  'user-search': IconUserSearch,
  users: IconUsers,
  'users-group': IconUsersGroup,
};

/** A menu line's icon, at the size the area shells draw theirs. */
export const MenuIconOf = ({ icon }: { icon: MenuIcon }) => {
  const Icon = icons[icon];
  return <Icon size={18} aria-hidden />;
};
