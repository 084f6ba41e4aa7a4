import { crmRole } from '@app/contract/resources/crm-access';
import { entityLog } from '@app/contract/resources/entity-log';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHistory, IconShieldLock, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Can, useCan } from '../../kit/can';
import { PageHeader } from '../../kit/page-header';
import { useSession } from '../../kit/session';

type Shortcut = { to: string; icon: ReactNode; title: string; text: string; show: (can: Can) => boolean };

const shortcuts: Shortcut[] = [
  {
    to: '/crm/staff',
    icon: <IconUsers size={22} />,
    title: 'Staff',
    text: 'Add colleagues and give them roles.',
    show: (can) => can.do(organisationStaff, 'list'),
  },
  {
    to: '/crm/roles',
    icon: <IconShieldLock size={22} />,
    title: 'Roles',
    text: 'Decide what each role may see and do.',
    show: (can) => can.do(crmRole, 'list'),
  },
  {
    to: '/crm/audit-log',
    icon: <IconHistory size={22} />,
    title: 'Audit log',
    text: 'See every change and who made it.',
    show: (can) => can.do(entityLog, 'list'),
  },
];

const ShortcutCard = ({ to, icon, title, text }: Omit<Shortcut, 'show'>) => (
  <Paper withBorder p="lg">
    <Stack gap="xs">
      <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Anchor component={Link} to={to} fw={600}>
        {title}
      </Anchor>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  </Paper>
);

/** The CRM's front page; candidates, clients, jobs and pipelines join it as they are built. */
export const CrmDashboardPage = () => {
  const { user } = useSession();
  const can = useCan();
  const visible = shortcuts.filter((shortcut) => shortcut.show(can));
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Welcome, ${user?.name ?? ''}`}
        description={user?.organisationName ? `Your CRM at ${user.organisationName}.` : "Your organisation's CRM."}
      />
      {visible.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {visible.map(({ to, icon, title, text }) => (
            <ShortcutCard key={to} to={to} icon={icon} title={title} text={text} />
          ))}
        </SimpleGrid>
      )}
      <Paper withBorder p="lg">
        <Title order={2} fz="lg" mb={4}>
          Coming soon
        </Title>
        <Text c="dimmed">Candidates, clients, jobs, hiring pipelines and interviews will appear here.</Text>
      </Paper>
    </Stack>
  );
};
