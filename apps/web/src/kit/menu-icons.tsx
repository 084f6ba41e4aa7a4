import type { MenuIcon } from '@app/contract/screen-placement';
import {
  IconAddressBook,
  IconBriefcase,
  IconBuilding,
  IconBuildingFactory2,
  IconBuildingStore,
  IconBulb,
  IconCalendarEvent,
  IconCalendarUser,
  IconChecklist,
  IconHistory,
  IconId,
  IconInbox,
  IconKey,
  IconLanguage,
  IconLayoutBoard,
  IconLayoutGrid,
  IconListCheck,
  IconListNumbers,
  IconMailForward,
  IconNews,
  IconNotes,
  IconPhoneCall,
  IconShieldLock,
  IconStars,
  IconTags,
  IconTargetArrow,
  IconTemplate,
  IconUserSearch,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type IconComponent = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

/** How each icon a definition's menu line names is drawn; a name missing here fails the type check. */
const icons: Record<MenuIcon, IconComponent> = {
  'address-book': IconAddressBook,
  briefcase: IconBriefcase,
  building: IconBuilding,
  'building-factory': IconBuildingFactory2,
  'building-store': IconBuildingStore,
  bulb: IconBulb,
  'calendar-event': IconCalendarEvent,
  'calendar-user': IconCalendarUser,
  checklist: IconChecklist,
  history: IconHistory,
  id: IconId,
  inbox: IconInbox,
  key: IconKey,
  language: IconLanguage,
  'layout-board': IconLayoutBoard,
  'layout-grid': IconLayoutGrid,
  'list-check': IconListCheck,
  'list-numbers': IconListNumbers,
  'mail-forward': IconMailForward,
  news: IconNews,
  notes: IconNotes,
  'phone-call': IconPhoneCall,
  'shield-lock': IconShieldLock,
  stars: IconStars,
  tags: IconTags,
  'target-arrow': IconTargetArrow,
  template: IconTemplate,
  'user-search': IconUserSearch,
  users: IconUsers,
  'users-group': IconUsersGroup,
};

/** A menu line's icon, at the size the area shells draw theirs. */
export const MenuIconOf = ({ icon }: { icon: MenuIcon }) => {
  const Icon = icons[icon];
  return <Icon size={18} aria-hidden />;
};
