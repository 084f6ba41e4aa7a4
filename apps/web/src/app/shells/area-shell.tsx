import { AppShell, Badge, Burger, Container, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuilding } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { type Can, useCan } from '../../kit/can';
import { BrandLink } from './brand-link';
import { UserMenu } from './user-menu';

export type NavItem = {
  label: string;
  to: string;
  icon: ReactNode;
  /** Only the exact path marks it current (an area's home). */
  exact?: boolean;
  /** Shown only to users who may use it (by user type, and for CRM users by their permissions). */
  show?: (can: Can) => boolean;
  /** A heading above the first item of a group of sections (the admin console's "Content"). */
  group?: string;
};

type AreaShellProps = {
  area: string;
  home: string;
  nav: readonly NavItem[];
  profilePath?: string;
  /** Whose workspace this is (the CRM's organisation), beside the area's name. */
  workspace?: string | null;
};

/** The frame of a signed-in area: header with the product, the area's sections and the user menu; the sections fold into a burger on phones. */
export const AreaShell = ({ area, home, nav, profilePath, workspace }: AreaShellProps) => {
  const [opened, { toggle, close }] = useDisclosure(false);
  const can = useCan();
  const { pathname } = useLocation();
  const items = nav.filter((item) => !item.show || item.show(can));
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
            {workspace && (
              <Group gap={6} wrap="nowrap" visibleFrom="sm" miw={0} c="dimmed">
                <IconBuilding size={16} aria-hidden />
                <Text size="sm" fw={500} c="dimmed" maw={260} truncate title={workspace}>
                  {workspace}
                </Text>
              </Group>
            )}
          </Group>
          <UserMenu profilePath={profilePath} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={`${area} sections`}>
        <ScrollArea type="never">
          {workspace && (
            // On phones the header has no room for it; the opened navigation says it instead.
            <Text size="sm" fw={600} c="dimmed" px="sm" pb="xs" hiddenFrom="sm" truncate>
              {workspace}
            </Text>
          )}
          {items.map((item, index) => (
            <Fragment key={item.to}>
              {item.group && item.group !== items[index - 1]?.group && (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5} px="sm" pt={index === 0 ? 0 : 'md'} pb={4}>
                  {item.group}
                </Text>
              )}
              <NavLink
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
            </Fragment>
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
