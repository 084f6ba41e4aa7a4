import type { ResourceDefinition } from '@app/contract/define-resource';
import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../kit/can';
import { PageHeader } from '../../kit/page-header';
import { useSession } from '../../kit/session';

const sections: { to: string; title: string; text: string; resource: ResourceDefinition }[] = [
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

export const AdminOverviewPage = () => {
  const { user } = useSession();
  const can = useCan();
  const visible = sections.filter((section) => can.do(section.resource, 'list'));
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Welcome, ${user?.name ?? ''}`}
        description="Run the platform: organisations, their staff and what the CRM allows."
      />
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
