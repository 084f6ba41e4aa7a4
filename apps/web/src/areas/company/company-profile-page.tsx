import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../kit/empty-state';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { AboutCompanySection } from './about-company-section';
import { ContactSection } from './contact-section';
import { LogoSection } from './logo-section';
import { SocialMediaSection } from './social-media-section';
import { useMyCompany } from './use-my-company';

/** /company/profile: what job seekers see of the company, section by section. */
export const CompanyProfilePage = () => {
  const company = useMyCompany();
  const body = () => {
    if (company.isPending) return <Skeleton height={240} radius="md" role="status" aria-label="Loading your company" />;
    if (company.isError)
      return (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          colour="red"
          title="Your company could not be loaded"
          message={messageOf(company.error)}
          action={
            <Button variant="light" onClick={() => company.refetch()}>
              Try again
            </Button>
          }
        />
      );
    const record = company.data;
    return (
      <Stack gap="lg">
        <AboutCompanySection record={record} />
        <LogoSection record={record} />
        <ContactSection record={record} />
        <SocialMediaSection record={record} />
      </Stack>
    );
  };
  return (
    <Stack gap={0} maw={920}>
      <PageHeader
        title="Company profile"
        description="What job seekers see on your company page. Each part saves on its own."
        action={
          company.data && (
            <Group>
              <Button
                component={Link}
                to={`/companies/${company.data.slug}`}
                variant="default"
                rightSection={<IconExternalLink size={16} aria-hidden />}
              >
                View your page
              </Button>
            </Group>
          )
        }
      />
      {body()}
    </Stack>
  );
};
