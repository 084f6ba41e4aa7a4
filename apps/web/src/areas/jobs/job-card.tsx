import { Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconRosetteDiscountCheckFilled, IconStarFilled } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../kit/status-badge';
import { CompanyLogo } from '../board/company-logo';
import { JobFacts } from '../board/job-facts';
import { postedText } from '../board/labels';
import type { ApplicationStatus, JobSearchResult } from '../board/types';
import { WishlistButton } from '../board/wishlist-button';

type JobCardProps = {
  job: JobSearchResult;
  unit?: 'mi' | 'km';
  /** The signed-in seeker's application to this job. */
  applied?: ApplicationStatus;
  /** On a company's own page the company need not be said again. */
  hideCompany?: boolean;
};

/** One search result: the job, its company, the facts, and a heart to save it. */
export const JobCard = ({ job, unit, applied, hideCompany }: JobCardProps) => {
  const titleId = useId();
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      style={job.isFeaturedJob ? { borderColor: 'var(--mantine-color-yellow-5)', borderWidth: 1.5 } : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        {!hideCompany && <CompanyLogo name={job.company.name} image={job.company.profileImg} />}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/jobs/${job.slug}`} id={titleId} fw={650} fz="lg" c="brand.9" lh={1.35}>
                {job.title}
              </Anchor>
              {!hideCompany && (
                <Group gap={4} wrap="nowrap">
                  {/* A line of its own height: a finger finds it apart from the job's title above. */}
                  <Anchor
                    component={Link}
                    to={`/companies/${job.company.slug}`}
                    size="sm"
                    c="dark.6"
                    truncate
                    style={{ display: 'block', minHeight: 24, lineHeight: '24px' }}
                  >
                    {job.company.name}
                  </Anchor>
                  {job.company.isVerified && (
                    <Tooltip label="Verified company" withArrow>
                      <IconRosetteDiscountCheckFilled size={16} color="var(--mantine-color-brand-6)" aria-label="Verified company" />
                    </Tooltip>
                  )}
                </Group>
              )}
            </Stack>
            <WishlistButton jobId={job._id} jobTitle={job.title} size="md" />
          </Group>
          <JobFacts job={{ ...job, unit }} />
          {job.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {job.description}
            </Text>
          )}
          <Group gap="xs" mt={4} wrap="wrap">
            {job.isFeaturedJob && (
              <Badge color="yellow" variant="light" radius="sm" leftSection={<IconStarFilled size={10} aria-hidden />}>
                Featured
              </Badge>
            )}
            {applied && (
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  You applied:
                </Text>
                <StatusBadge value={applied} />
              </Group>
            )}
            <Text size="xs" c="dimmed">
              {postedText(job.postedOn)}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
};
