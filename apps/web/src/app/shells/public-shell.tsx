import { homeOf } from '@app/contract/access';
import { Anchor, AppShell, Button, Container, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingSkyscraper, IconLogin, IconMail, IconMenu2, IconNews, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useSavePendingWishlistJob } from '../../areas/board/pending-wishlist-save';
import { useSession } from '../../kit/session';
import { productName } from '../brand';
import { profilePathOf } from '../home-of';
import { BrandLink } from './brand-link';
import { UserMenu } from './user-menu';

const HeaderLink = ({ to, children }: { to: string; children: string }) => (
  <Anchor
    component={NavLink}
    to={to}
    c="dark.6"
    fw={500}
    size="sm"
    underline="never"
    style={({ isActive }: { isActive: boolean }) => (isActive ? { color: 'var(--mantine-color-brand-8)' } : undefined)}
  >
    {children}
  </Anchor>
);

/** The public site's frame: the job board's pages, ways in for job seekers and employers, and a footer. */
export const PublicShell = () => {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  useSavePendingWishlistJob();
  // Signing in from a job comes back to it.
  const next = pathname.startsWith('/jobs/') || pathname.startsWith('/companies/') ? `?next=${encodeURIComponent(pathname + search)}` : '';
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xl" wrap="nowrap">
              <BrandLink to="/" />
              <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Site">
                <HeaderLink to="/jobs">Find jobs</HeaderLink>
                {/* The server draws the articles pages itself: a full page load, not a client route. */}
                <Anchor href="/articles" c="dark.6" fw={500} size="sm" underline="never">
                  Articles
                </Anchor>
                {!user && <HeaderLink to="/register/company">For employers</HeaderLink>}
              </Group>
            </Group>
            {user ? (
              <Group gap="sm" wrap="nowrap">
                <Button component={Link} to={homeOf[user.userType]} variant="light" visibleFrom="xs">
                  My area
                </Button>
                <UserMenu profilePath={profilePathOf(user.userType)} areaPath={homeOf[user.userType]} />
              </Group>
            ) : (
              <Group gap="xs" wrap="nowrap">
                <Button component={Link} to={`/login${next}`} variant="subtle" visibleFrom="sm">
                  Sign in
                </Button>
                <Button component={Link} to={`/register${next}`} visibleFrom="sm">
                  Register
                </Button>
                <Menu position="bottom-end" width={240} shadow="md">
                  <Menu.Target>
                    <UnstyledButton hiddenFrom="sm" aria-label="Menu" p={6}>
                      <IconMenu2 size={24} aria-hidden />
                    </UnstyledButton>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item component={Link} to={`/login${next}`} leftSection={<IconLogin size={16} aria-hidden />}>
                      Sign in
                    </Menu.Item>
                    <Menu.Item component={Link} to="/jobs" leftSection={<IconSearch size={16} aria-hidden />}>
                      Find jobs
                    </Menu.Item>
                    <Menu.Item component={Link} to={`/register${next}`} leftSection={<IconUserPlus size={16} aria-hidden />}>
                      Register as a job seeker
                    </Menu.Item>
                    <Menu.Item component={Link} to="/register/company" leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}>
                      Register your company
                    </Menu.Item>
                    <Menu.Item component="a" href="/articles" leftSection={<IconNews size={16} aria-hidden />}>
                      Articles
                    </Menu.Item>
                    <Menu.Item component={Link} to="/contact" leftSection={<IconMail size={16} aria-hidden />}>
                      Contact us
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            )}
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
        <Container size="lg" py="xl" component="footer">
          <Group justify="center" gap="lg">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} {productName}
            </Text>
            <Anchor component={Link} to="/contact" size="sm" c="dimmed">
              Contact us
            </Anchor>
          </Group>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
};
