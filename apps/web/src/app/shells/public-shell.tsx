import { AppShell, Button, Container, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useSession } from '../../kit/session';
import { productName } from '../brand';
import { homeOf, profilePathOf } from '../home-of';
import { BrandLink } from './brand-link';
import { UserMenu } from './user-menu';

/** The public site's frame: no sections yet, a way in, and a footer. */
export const PublicShell = () => {
  const { user } = useSession();
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <BrandLink to="/" />
            {user ? (
              <Group gap="sm" wrap="nowrap">
                <Button component={Link} to={homeOf[user.userType]} variant="light">
                  My area
                </Button>
                <UserMenu profilePath={profilePathOf(user.userType)} />
              </Group>
            ) : (
              <Button component={Link} to="/login" variant="light">
                Sign in
              </Button>
            )}
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
        <Container size="lg" py="xl">
          <Text size="sm" c="dimmed" ta="center">
            © {new Date().getFullYear()} {productName}
          </Text>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
};
