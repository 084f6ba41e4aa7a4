import type { ResourceDefinition } from '@app/contract/define-resource';
import { type AdminDashboardCounts, adminDashboardCounts } from '@app/contract/resources/content/admin-board';
import { article, contactQuery, employeeCard } from '@app/contract/resources/content/article';
import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callApi } from '../../kit/api';
import { useCan } from '../../kit/can';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { useSession } from '../../kit/session';
import { adminAuthors, adminCompanies, adminJobSeekers, adminTemplates } from './admin-resources';

type Stat = { key: keyof AdminDashboardCounts; label: string; hint: string; to?: string };

const stats: Stat[] = [
  { key: 'jobSeekers', label: 'Job seekers', hint: 'Registered and added by admins', to: '/admin/job-seekers' },
  { key: 'recruiterCompanies', label: 'Recruiter companies', hint: 'Companies and agencies', to: '/admin/companies' },
  { key: 'publishedJobs', label: 'Published jobs', hint: 'Published by companies', to: '/jobs' },
  { key: 'applicationsThisWeek', label: 'Applications this week', hint: 'In the last 7 days' },
  { key: 'openContactQueries', label: 'Open contact queries', hint: 'Not replied to yet', to: '/admin/contact-queries' },
];

const sections: { to: string; title: string; text: string; resource: ResourceDefinition }[] = [
  { to: '/admin/job-seekers', title: 'Job seekers', text: 'Profiles, references and notes.', resource: adminJobSeekers },
  {
    to: '/admin/companies',
    title: 'Recruiter companies',
    text: 'Companies and agencies, and their verification.',
    resource: adminCompanies,
  },
  { to: '/admin/articles', title: 'Articles', text: 'Write, publish and archive articles.', resource: article },
  { to: '/admin/authors', title: 'Authors', text: 'Who articles are written by.', resource: adminAuthors },
  { to: '/admin/contact-queries', title: 'Contact queries', text: 'Messages from the contact form, and replies.', resource: contactQuery },
  { to: '/admin/templates', title: 'Engagement templates', text: 'Reusable messages, with a preview.', resource: adminTemplates },
  { to: '/admin/cards', title: 'Employee cards', text: 'Public business cards of the team.', resource: employeeCard },
  {
    to: '/admin/organisations',
    title: 'Organisations',
    text: 'Add recruiting organisations and their admin users.',
    resource: organisation,
  },
  { to: '/admin/staff', title: 'Staff', text: 'CRM staff across every organisation.', resource: organisationStaff },
  { to: '/admin/modules', title: 'CRM modules', text: 'The parts of the CRM permissions are given for.', resource: crmModule },
  { to: '/admin/features', title: 'Features', text: 'What can be allowed within each module.', resource: crmFeature },
  { to: '/admin/permissions', title: 'Permissions', text: 'Access levels on features, the bricks of roles.', resource: crmPermission },
  { to: '/admin/roles', title: 'Roles', text: 'Bundles of permissions given to staff.', resource: crmRole },
];

const StatCard = ({ stat, value }: { stat: Stat; value: number | undefined }) => {
  const body = (
    <Stack gap={4}>
      <Text size="sm" fw={600} c="dimmed">
        {stat.label}
        <VisuallyHidden>:</VisuallyHidden>
      </Text>
      {value === undefined ? (
        <Skeleton height={34} width={72} radius="sm" />
      ) : (
        <Title order={2} fz={32} lh={1.1}>
          {value.toLocaleString()}
        </Title>
      )}
      <Text size="xs" c="dimmed">
        {stat.hint}
      </Text>
    </Stack>
  );
  return stat.to ? (
    <Paper
      withBorder
      p="lg"
      component={Link}
      to={stat.to}
      // Named by its words ("Open contact queries: 1 …"): a name of its own would leave out words seen (WCAG 2.5.3).
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="lg" role="group" aria-label={`${stat.label}: ${value ?? 'loading'}`}>
      {body}
    </Paper>
  );
};

/** /admin: the platform in numbers, then every part of the console. */
export const AdminDashboardPage = () => {
  const { user } = useSession();
  const can = useCan();
  const counts = useQuery({
    queryKey: ['AdminDashboard'],
    queryFn: ({ signal }) => callApi(adminDashboardCounts, {}, { signal }),
    enabled: can.call(adminDashboardCounts),
  });
  const visible = sections.filter((section) => can.do(section.resource, 'list'));

  return (
    <Stack gap="lg">
      <PageHeader title={`Welcome, ${user?.name ?? ''}`} description="The platform today, and everything you run from here." />
      {counts.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="The numbers could not be loaded">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{messageOf(counts.error)}</Text>
            <Button size="xs" variant="light" onClick={() => counts.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} aria-label="Platform numbers" component="section">
          {stats.map((stat) => (
            <StatCard key={stat.key} stat={stat} value={counts.data?.[stat.key]} />
          ))}
        </SimpleGrid>
      )}
      <Title order={2} fz="lg" mt="sm">
        Manage
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {visible.map((section) => (
          <Paper key={section.to} withBorder p="lg">
            <Anchor component={Link} to={section.to} fw={600}>
              {section.title}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {section.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
};
