import { companyBySlug } from '@app/contract/resources/job-board/company';
import { Anchor, Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconExternalLink, IconMoodEmpty, IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { productName } from '../../app/brand';
import { callApi, isApiError } from '../../kit/api';
import { EmptyState } from '../../kit/empty-state';
import { messageOf } from '../../kit/notify';
import { CompanyLogo } from '../board/company-logo';
import { fullAddressText } from '../board/labels';
import { recruiterTypeLabel } from '../board/recruiter-type';
import { useIndustries } from '../board/use-industries';
import { CompanyJobs } from './company-jobs';

/** An address people can follow: "example.com" becomes https://example.com. */
const linkOf = (text: string) => (/^https?:\/\//i.test(text) ? text : `https://${text}`);

/** /companies/:slug: who they are, and their open jobs. */
export const CompanyPage = () => {
  const { slug = '' } = useParams();
  const company = useQuery({
    queryKey: ['board', 'company', slug],
    queryFn: ({ signal }) => callApi(companyBySlug, { slug }, { signal }),
  });
  const industries = useIndustries();
  useDocumentTitle(company.data ? `${company.data.name} – ${productName}` : productName);

  if (company.isPending) {
    return (
      <Container size="lg" py="xl" role="status" aria-busy="true" aria-label="Loading the company">
        <Paper withBorder p="xl">
          <Skeleton height={28} width="40%" />
          <Skeleton height={14} width="70%" mt="md" />
        </Paper>
      </Container>
    );
  }
  if (company.isError) {
    const missing = isApiError(company.error) && company.error.status === 404;
    return (
      <Container size="sm" py="xl">
        <EmptyState
          icon={missing ? <IconMoodEmpty size={24} /> : <IconAlertTriangle size={24} />}
          colour={missing ? 'brand' : 'red'}
          title={missing ? 'This company is not on the board' : 'The company could not be loaded'}
          message={missing ? 'The address may be mistyped, or the company has left.' : messageOf(company.error)}
          action={
            <Button component={Link} to="/jobs">
              Search jobs
            </Button>
          }
        />
      </Container>
    );
  }

  const record = company.data;
  const links = [
    ...(record.website ? [{ label: 'Website', href: linkOf(record.website) }] : []),
    ...(record.linkedInLink ? [{ label: 'LinkedIn', href: linkOf(record.linkedInLink) }] : []),
    ...(record.socialMedia ?? []).map((item) => ({ label: item.platform, href: item.link })),
  ];
  const industryNames = (record.industries ?? []).map(industries.nameOf).filter(Boolean);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="header">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <CompanyLogo name={record.name} image={record.profileImg} size={64} />
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Title order={1} fz={{ base: 22, sm: 28 }}>
                  {record.name}
                </Title>
                {record.isVerified && (
                  <Tooltip label="Verified company" withArrow>
                    <IconRosetteDiscountCheckFilled size={22} color="var(--mantine-color-brand-6)" aria-label="Verified company" />
                  </Tooltip>
                )}
              </Group>
              <Text c="dimmed" size="sm">
                {[recruiterTypeLabel(record.recruiterType), fullAddressText(record.location)].filter(Boolean).join(' · ')}
              </Text>
              {industryNames.length > 0 && (
                <Group gap={6}>
                  {industryNames.map((name) => (
                    <Badge key={name} variant="light" radius="sm" tt="none" fw={500}>
                      {name}
                    </Badge>
                  ))}
                </Group>
              )}
              {links.length > 0 && (
                <Group gap="md" mt={4}>
                  {links.map((link) => (
                    <Anchor key={`${link.label}-${link.href}`} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                      <Group gap={4} wrap="nowrap">
                        {link.label}
                        <IconExternalLink size={14} aria-hidden />
                      </Group>
                    </Anchor>
                  ))}
                </Group>
              )}
            </Stack>
          </Group>
          {record.aboutUs && (
            <Text mt="lg" style={{ whiteSpace: 'pre-line' }}>
              {record.aboutUs}
            </Text>
          )}
        </Paper>
        <CompanyJobs companyId={record._id} companyName={record.name} />
      </Stack>
    </Container>
  );
};
