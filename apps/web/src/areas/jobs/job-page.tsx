import { jobBySlug } from '@app/contract/resources/job-board/job';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  Typography,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconEyeOff,
  IconMoodEmpty,
  IconRosetteDiscountCheckFilled,
  IconStarFilled,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { productName } from '../../app/brand';
import { callApi, isApiError } from '../../kit/api';
import { EmptyState } from '../../kit/empty-state';
import { messageOf } from '../../kit/notify';
import { humanise } from '../../kit/words';
import { CompanyLogo } from '../board/company-logo';
import { JobFacts } from '../board/job-facts';
import { postedText } from '../board/labels';
import { useCompanyOfJob } from '../board/use-company-of-job';
import { useIndustries } from '../board/use-industries';
import { WishlistButton } from '../board/wishlist-button';
import { ApplyPanel } from './apply-panel';
import { CompanyCard } from './company-card';
import classes from './job-page.module.css';

const words = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of the (server-sanitised) details, without a DOM: the page is drawn on the server too,
 * and both must decide alike whether the summary is shown.
 */
const textOfHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
      name.startsWith('#x') || name.startsWith('#X')
        ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
        : name.startsWith('#')
          ? String.fromCodePoint(Number(name.slice(1)))
          : (entities[name.toLowerCase()] ?? whole),
    );

/** Companies often open the job's details with its summary: then the summary is not printed above them again. */
const detailsRepeat = (summary: string, html: string) => words(textOfHtml(html)).startsWith(words(summary));

/** /jobs/:slug: the job in full, how to apply, and who is hiring. The server has already put its meta tags and JobPosting in the page. */
export const JobPage = () => {
  const { slug = '' } = useParams();
  const job = useQuery({
    queryKey: ['board', 'job', slug],
    queryFn: ({ signal }) => callApi(jobBySlug, { slug }, { signal }),
  });
  const company = useCompanyOfJob(job.data);
  const industries = useIndustries();
  useDocumentTitle(job.data ? `${job.data.title} at ${job.data.companyName} – ${productName}` : productName);

  if (job.isPending) return <LoadingJob />;
  if (job.isError) {
    const missing = isApiError(job.error) && job.error.status === 404;
    return (
      <Container size="sm" py="xl">
        {missing ? (
          <EmptyState
            icon={<IconMoodEmpty size={24} />}
            title="This job is not available"
            message="It may have been filled or taken down. There are plenty more to search."
            action={
              <Button component={Link} to="/jobs">
                Search jobs
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<IconAlertTriangle size={24} />}
            colour="red"
            title="The job could not be loaded"
            message={messageOf(job.error)}
            action={
              <Button variant="light" onClick={() => job.refetch()}>
                Try again
              </Button>
            }
          />
        )}
      </Container>
    );
  }

  const record = job.data;
  const companySlug = company.data?.slug;
  const skills = (record.skills ?? []).map((skill) => skill.label).filter(Boolean);
  const industryNames = (record.industries ?? []).map(industries.nameOf).filter(Boolean);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Anchor component={Link} to="/jobs" size="sm" mb="md" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> All jobs
      </Anchor>
      {record.status !== 'PUBLISHED' && (
        // Only its company (or a platform admin) gets an unpublished job from the server.
        <Alert
          color="yellow"
          variant="light"
          icon={<IconEyeOff size={18} aria-hidden />}
          mb="lg"
          title={`This job is ${humanise(record.status).toLowerCase()}`}
        >
          Only you can see this page. Publish the job from your jobs to put it on the board.
        </Alert>
      )}
      <div className={classes.layout}>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.head} component="header">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <Box visibleFrom="xs">
              <CompanyLogo name={record.companyName} image={company.data?.profileImg} size={56} />
            </Box>
            <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.25}>
                  {record.title}
                </Title>
                <WishlistButton jobId={record._id} jobTitle={record.title} />
              </Group>
              <Group gap={4} wrap="nowrap">
                {companySlug ? (
                  <Anchor component={Link} to={`/companies/${companySlug}`} fw={500}>
                    {record.companyName}
                  </Anchor>
                ) : (
                  <Text fw={500}>{record.companyName}</Text>
                )}
                {company.data?.isVerified && (
                  <Tooltip label="Verified company" withArrow>
                    <IconRosetteDiscountCheckFilled size={18} color="var(--mantine-color-brand-6)" aria-label="Verified company" />
                  </Tooltip>
                )}
              </Group>
            </Stack>
          </Group>
          <Stack gap="sm" mt="md">
            <JobFacts job={record} withExperience />
            <Group gap="xs" wrap="wrap">
              {record.isFeaturedJob && (
                <Badge color="yellow" variant="light" radius="sm" leftSection={<IconStarFilled size={10} aria-hidden />}>
                  Featured
                </Badge>
              )}
              {record.paidToRelocate && (
                <Badge color="grape" variant="light" radius="sm">
                  Relocation paid
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {postedText(record.postedOn)}
              </Text>
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.body} component="section" aria-labelledby="job-details-heading">
          <Stack gap="lg">
            <Title order={2} fz="lg" id="job-details-heading">
              About the job
            </Title>
            {record.description && !detailsRepeat(record.description, record.content) && (
              <Text fz="md" fw={500}>
                {record.description}
              </Text>
            )}
            {/* The one field rendered as HTML: the server sanitised it when the job was saved. */}
            <Typography>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: job content is sanitised HTML from the server */}
              <Box className={classes.content} dangerouslySetInnerHTML={{ __html: record.content }} />
            </Typography>
            {skills.length > 0 && (
              <Stack gap={8}>
                <Title order={3} fz="md">
                  Skills
                </Title>
                <Group gap={6}>
                  {skills.map((skill) => (
                    <Badge key={skill} variant="light" color="brand" radius="sm" tt="none" fw={500}>
                      {skill}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )}
            {industryNames.length > 0 && (
              <Text size="sm" c="dimmed">
                Industry: {industryNames.join(', ')}
              </Text>
            )}
          </Stack>
        </Paper>

        <div className={classes.side}>
          <div className={classes.apply}>
            <ApplyPanel job={record} />
          </div>
          {company.data && (
            <div className={classes.company}>
              <CompanyCard company={company.data} />
            </div>
          )}
        </div>
      </div>
    </Container>
  );
};

const LoadingJob = () => (
  <Container size="lg" py="xl" role="status" aria-busy="true" aria-label="Loading the job">
    <Paper withBorder p="xl">
      <Stack gap="sm">
        <Skeleton height={28} width="60%" />
        <Skeleton height={16} width="30%" />
        <Skeleton height={14} width="80%" mt="md" />
        <Skeleton height={14} width="75%" />
        <Skeleton height={14} width="70%" />
      </Stack>
    </Paper>
  </Container>
);
