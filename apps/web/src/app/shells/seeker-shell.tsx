import { IconAt, IconBuildingCommunity, IconFileCv, IconHeart, IconListCheck, IconMail, IconSearch, IconUser } from '@tabler/icons-react';
import { AreaShell, type NavItem } from './area-shell';

const icon = { size: 18, 'aria-hidden': true } as const;

const nav: NavItem[] = [
  { label: 'My profile', to: '/seeker', icon: <IconUser {...icon} />, exact: true },
  { label: 'My CVs', to: '/seeker/cvs', icon: <IconFileCv {...icon} /> },
  { label: 'Cover letters', to: '/seeker/cover-letters', icon: <IconMail {...icon} /> },
  { label: 'My applications', to: '/seeker/applications', icon: <IconListCheck {...icon} /> },
  { label: 'Wishlist', to: '/seeker/wishlist', icon: <IconHeart {...icon} /> },
  { label: 'Email and phone', to: '/seeker/account', icon: <IconAt {...icon} /> },
  { label: 'Agencies', to: '/seeker/agencies', icon: <IconBuildingCommunity {...icon} /> },
  { label: 'Find jobs', to: '/jobs', icon: <IconSearch {...icon} /> },
];

export const SeekerShell = () => <AreaShell area="Job seeker" home="/seeker" nav={nav} profilePath="/seeker" />;
