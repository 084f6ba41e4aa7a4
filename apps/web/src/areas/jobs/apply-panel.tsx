import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarEvent, IconCircleCheck, IconLock, IconSend } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../kit/session';
import { StatusBadge } from '../../kit/status-badge';
import { formatDate } from '../board/labels';
import type { JobRecord } from '../board/types';
import { useAppliedJobs } from '../board/use-applied-jobs';

// The dialog (with the seeker's CVs) loads when a seeker opens it, not with every job page.
const ApplyDialog = lazy(() => import('./apply-dialog').then((module) => ({ default: module.ApplyDialog })));

/**
 * How to apply, by who is looking: a seeker applies (or sees where their application stands),
 * a visitor is asked to sign in or register and comes back here, other accounts are told why not.
 */
export const ApplyPanel = ({ job }: { job: JobRecord }) => {
  const { user } = useSession();
  const applied = useAppliedJobs().get(job._id);
  const [applying, dialog] = useDisclosure(false);
  const back = encodeURIComponent(`/jobs/${job.slug}`);

  const body = () => {
    if (applied) {
      return (
        <Stack gap="xs">
          <Group gap="xs">
            <IconCircleCheck size={20} color="var(--mantine-color-teal-7)" aria-hidden />
            <Text fw={600}>You applied on {formatDate(applied.appliedAt)}</Text>
          </Group>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Status:
            </Text>
            <StatusBadge value={applied.status} />
          </Group>
          <Anchor component={Link} to="/seeker/applications" size="sm">
            See all my applications
          </Anchor>
        </Stack>
      );
    }
    if (job.isOpen === false) {
      return (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          This job is no longer taking applications.
        </Alert>
      );
    }
    if (!user) {
      return (
        <Stack gap="sm">
          <Text size="sm">
            Sign in as a job seeker to apply. New here? Registering takes a minute, and you come straight back to this job.
          </Text>
          <Button component={Link} to={`/login?next=${back}`} leftSection={<IconSend size={18} aria-hidden />}>
            Sign in to apply
          </Button>
          <Button component={Link} to={`/register?next=${back}`} variant="default">
            Register as a job seeker
          </Button>
        </Stack>
      );
    }
    if (user.userType !== 'JOB_SEEKER') {
      return (
        <Text size="sm" c="dimmed">
          Only job seekers can apply. You are signed in with another kind of account.
        </Text>
      );
    }
    return (
      <Stack gap="sm">
        <Text size="sm">Your profile and CV go to {job.companyName}.</Text>
        <Button onClick={dialog.open} leftSection={<IconSend size={18} aria-hidden />} size="md">
          Apply now
        </Button>
        <Anchor component={Link} to={`/seeker/cover-letters/new?jobId=${job._id}`} size="sm">
          Write a cover letter for this job
        </Anchor>
        {applying && (
          <Suspense fallback={null}>
            <ApplyDialog opened={applying} onClose={dialog.close} job={job} />
          </Suspense>
        )}
      </Stack>
    );
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="apply-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="apply-heading">
          Apply
        </Title>
        {job.applicationEndDate && job.isOpen !== false && (
          <Group gap={6} c="dimmed">
            <IconCalendarEvent size={16} aria-hidden />
            <Text size="sm">Closes {formatDate(job.applicationEndDate)}</Text>
          </Group>
        )}
        {body()}
      </Stack>
    </Paper>
  );
};
