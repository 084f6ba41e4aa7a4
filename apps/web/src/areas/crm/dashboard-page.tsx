import { Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHistory, IconShieldLock, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { useSession } from '../../kit/session';

const Shortcut = ({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) => (
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
  return (
    <Stack gap="lg">
      <PageHeader title={`Welcome, ${user?.name ?? ''}`} description="Your organisation's CRM." />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Shortcut to="/crm/staff" icon={<IconUsers size={22} />} title="Staff" text="Add colleagues and give them roles." />
        <Shortcut to="/crm/roles" icon={<IconShieldLock size={22} />} title="Roles" text="Decide what each role may see and do." />
        <Shortcut to="/crm/audit-log" icon={<IconHistory size={22} />} title="Audit log" text="See every change and who made it." />
      </SimpleGrid>
      <Paper withBorder p="lg">
        <Title order={2} fz="lg" mb={4}>
          Coming soon
        </Title>
        <Text c="dimmed">Candidates, clients, jobs, hiring pipelines and interviews will appear here.</Text>
      </Paper>
    </Stack>
  );
};
