import { Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const Audience = ({ icon, title, text }: { icon: ReactNode; title: string; text: string }) => (
  <Paper withBorder p="lg">
    <Stack gap="xs">
      <ThemeIcon variant="light" size={40} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  </Paper>
);

export const LandingPage = () => (
  <>
    <Box bg="brand.0" py={{ base: 48, sm: 80 }}>
      <Container size="lg">
        <Stack gap="md" maw={640}>
          <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.15} c="brand.9">
            Find your next job
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="dark.6">
            Browse openings from companies and recruitment agencies, keep your CV in one place and apply in a few clicks.
          </Text>
          <Group gap="sm">
            <Button component={Link} to="/login" size="md">
              Sign in
            </Button>
            <Button component={Link} to="/forgot-password" size="md" variant="default">
              Forgot password?
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Paper withBorder p="xl" aria-labelledby="job-search-heading" component="section">
          <Stack gap="xs" align="flex-start">
            <ThemeIcon variant="light" size={40} aria-hidden>
              <IconSearch size={22} />
            </ThemeIcon>
            <Title order={2} fz="lg" id="job-search-heading">
              Job search
            </Title>
            <Text c="dimmed">The job board is on its way: searching and browsing published jobs will open here soon.</Text>
          </Stack>
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Audience
            icon={<IconSearch size={22} />}
            title="Job seekers"
            text="A profile, CVs and cover letters, applications and a wishlist."
          />
          <Audience
            icon={<IconBuildingSkyscraper size={22} />}
            title="Companies"
            text="Post jobs and follow your applicants from one place."
          />
          <Audience
            icon={<IconUsersGroup size={22} />}
            title="Recruiting organisations"
            text="A CRM for candidates, clients, pipelines and interviews."
          />
        </SimpleGrid>
      </Stack>
    </Container>
  </>
);
