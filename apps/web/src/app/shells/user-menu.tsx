import { logout } from '@app/contract/resources/auth';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconKey, IconLayoutDashboard, IconLogout, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ChangePasswordModal } from '../../areas/account/change-password-modal';
import { callApi } from '../../kit/api';
import { notifyFailure } from '../../kit/notify';
import { useSession } from '../../kit/session';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/** The signed-in person's menu: their area (from the public site), their profile, a password change, and signing out. */
export const UserMenu = ({ profilePath, areaPath }: { profilePath?: string; areaPath?: string }) => {
  const { user } = useSession();
  const navigate = useNavigate();
  const [changing, { open, close }] = useDisclosure(false);
  if (!user) return null;

  const signOut = async () => {
    try {
      await callApi(logout, {}, { expectUnauthorized: true });
    } catch (error) {
      // Already signed out on the server is as good as signing out now.
      if (!(error instanceof Error && 'status' in error && error.status === 401)) return notifyFailure(error);
    }
    // A full load drops everything the previous user's session had cached.
    window.location.replace('/login');
  };

  return (
    <>
      <Menu position="bottom-end" width={240} withArrow shadow="md">
        <Menu.Target>
          {/* Named by its words (WCAG 2.5.3: the name holds the visible text): "Account menu" unseen, then the person's name. */}
          <UnstyledButton p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <VisuallyHidden>Account menu</VisuallyHidden>
            <Group gap={8} wrap="nowrap">
              <Avatar color="brand" radius="xl" size={34} aria-hidden>
                {initialsOf(user.name) || '?'}
              </Avatar>
              <Text fw={500} size="sm" visibleFrom="sm" maw={180} truncate>
                {user.name}
              </Text>
              <IconChevronDown size={16} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="dark" truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          {areaPath && (
            <Menu.Item leftSection={<IconLayoutDashboard size={16} aria-hidden />} onClick={() => navigate(areaPath)}>
              My area
            </Menu.Item>
          )}
          {profilePath && profilePath !== areaPath && (
            <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={() => navigate(profilePath)}>
              My profile
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={open}>
            Change password
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={changing} onClose={close} />
    </>
  );
};
