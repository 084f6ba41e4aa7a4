import { Anchor, Box, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingSkyscraper, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppliedJobs } from '../board/use-applied-jobs';
import { JobCard } from '../jobs/job-card';
import { SearchBar } from '../jobs/search-bar';
import { emptySearch, toRequest, writeSearch } from '../jobs/search-params';
import { useJobSearch } from '../jobs/use-job-search';

const Audience = ({ icon, title, text, link }: { icon: ReactNode; title: string; text: string; link?: { to: string; label: string } }) => (
  <Paper withBorder p="lg">
    <Stack gap="xs" h="100%">
      <ThemeIcon variant="light" size={40} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text size="sm" c="dimmed" style={{ flex: 1 }}>
        {text}
      </Text>
      {link && (
        <Anchor component={Link} to={link.to} size="sm" fw={500}>
          {link.label}
        </Anchor>
      )}
    </Stack>
  </Paper>
);

const latestRequest = toRequest({ ...emptySearch, sort: 'date' });

const LatestJobs = () => {
  const latest = useJobSearch({ ...latestRequest, limit: 5 });
  const applied = useAppliedJobs();
  if (latest.isError || (latest.data && latest.data.results.length === 0)) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="latest-heading">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="xl" id="latest-heading">
          Latest jobs
        </Title>
        <Anchor component={Link} to="/jobs?sort=date" size="sm" fw={500}>
          <Group gap={4} wrap="nowrap">
            All jobs <IconArrowRight size={16} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {latest.isPending ? (
        <Skeleton height={140} radius="md" />
      ) : (
        latest.data?.results.map((job) => <JobCard key={job._id} job={job} applied={applied.get(job._id)?.status} />)
      )}
    </Stack>
  );
};

/** The front page: the search first, then what is new, then who the platform is for. */
export const LandingPage = () => {
  const navigate = useNavigate();
  return (
    <>
      <Box bg="brand.0" py={{ base: 40, sm: 72 }}>
        <Container size="lg">
          <Stack gap="lg">
            <Stack gap="xs" maw={640}>
              <Title order={1} fz={{ base: 32, sm: 46 }} lh={1.15} c="brand.9">
                Find your next job
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="dark.6">
                Search openings from companies and recruitment agencies near you, keep your CV in one place and apply in a few clicks.
              </Text>
            </Stack>
            <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'lg' }}>
              <SearchBar
                initial={emptySearch}
                withDistance={false}
                onSearch={(where) => navigate(`/jobs?${writeSearch({ ...emptySearch, ...where })}`)}
              />
            </Paper>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <LatestJobs />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Audience
              icon={<IconSearch size={22} />}
              title="Job seekers"
              text="A profile employers can read, your CV in one place, applications you can follow and a wishlist."
              link={{ to: '/register', label: 'Register as a job seeker' }}
            />
            <Audience
              icon={<IconBuildingSkyscraper size={22} />}
              title="Companies and agencies"
              text="Post jobs, follow your applicants and shortlist them from one place."
              link={{ to: '/register/company', label: 'Register your company' }}
            />
            <Audience
              icon={<IconUsersGroup size={22} />}
              title="Recruiting organisations"
              text="A CRM for candidates, clients, pipelines and interviews."
            />
          </SimpleGrid>
          <Group justify="center">
            <Button component={Link} to="/jobs" variant="light" rightSection={<IconArrowRight size={16} aria-hidden />}>
              Browse all jobs
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
};
