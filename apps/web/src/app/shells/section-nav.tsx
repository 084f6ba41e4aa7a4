import type { UserType } from '@app/contract/access';
import type { ScreenArea } from '@app/contract/screen-placement';
import { type Can, mayCall } from '../../kit/can';
import { MenuIconOf } from '../../kit/menu-icons';
import { sectionsOf } from '../../kit/sections';
import type { NavItem } from './area-shell';

/**
 * An area's menu lines, one per definition placed in it, in their order and groups: each shown to
 * whoever may list the resource, or make the call its placement names (a lookup's create), or be
 * of the user types it names (where the area reaches the resource through workflows of its own).
 */
export const sectionNav = (area: ScreenArea, userType: UserType | undefined): NavItem[] =>
  sectionsOf(area).map(({ resource, screen: { path, menu } }) => {
    const { shownTo } = menu;
    return {
      label: menu.label,
      to: `/${area}/${path}`,
      icon: <MenuIconOf icon={menu.icon} />,
      group: menu.group,
      show: shownTo ? () => mayCall(userType, { who: shownTo }) : (can: Can) => can.do(resource, menu.shownBy ?? 'list'),
    };
  });
