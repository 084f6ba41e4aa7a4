import type { SignedInUser } from '@app/contract/resources/auth';
import { AppShell, Badge, Burger, Container, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../kit/session';
import { BrandLink } from './brand-link';
import { UserMenu } from './user-menu';

export type NavItem = {
  label: string;
  to: string;
  icon: ReactNode;
  /** Only the exact path marks it current (an area's home). */
  exact?: boolean;
  /** Shown only to users who may use it. */
  show?: (user: SignedInUser) => boolean;
};

type AreaShellProps = { area: string; home: string; nav: readonly NavItem[]; profilePath?: string };

/** The frame of a signed-in area: header with the product, the area's sections and the user menu; the sections fold into a burger on phones. */
export const AreaShell = ({ area, home, nav, profilePath }: AreaShellProps) => {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user } = useSession();
  const { pathname } = useLocation();
  const items = nav.filter((item) => !item.show || (user && item.show(user)));
  const isCurrent = (item: NavItem) => (item.exact ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`));

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <BrandLink to={home} />
            <Badge variant="light" radius="sm" visibleFrom="md">
              {area}
            </Badge>
          </Group>
          <UserMenu profilePath={profilePath} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={`${area} sections`}>
        <ScrollArea type="never">
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={item.icon}
              active={isCurrent(item)}
              aria-current={isCurrent(item) ? 'page' : undefined}
              onClick={close}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              mb={2}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Container size="xl" px={0} py="xs">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
};
