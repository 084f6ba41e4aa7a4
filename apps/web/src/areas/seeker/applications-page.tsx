import {
  applicationStatuses,
  type myApplication,
  myApplications,
  withdrawApplication,
  withdrawableStatuses,
} from '@app/contract/resources/job-board/application';
import { Anchor, Badge, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { z } from 'zod';
import { callApi } from '../../kit/api';
import { ConfirmModal } from '../../kit/confirm-modal';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { PagedList } from '../../kit/paged-list';
import { StatusBadge } from '../../kit/status-badge';
import { humanise } from '../../kit/words';
import { formatDate, placeText } from '../board/labels';
import { appliedKey, myApplicationsKey } from '../board/use-applied-jobs';
import { StatusHistory } from './status-history';

type Application = z.infer<typeof myApplication>;

const statusFilter = {
  key: 'status',
  label: 'Status',
  options: applicationStatuses.map((status) => ({ value: status, label: humanise(status) })),
};

/** Takes back an application still open, once the seeker confirms: the employer sees it withdrawn. */
const WithdrawButton = ({ application }: { application: Application }) => {
  const [asking, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => callApi(withdrawApplication, { _id: application._id }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: myApplicationsKey });
      await queryClient.invalidateQueries({ queryKey: appliedKey });
    },
  });
  if (!(withdrawableStatuses as readonly string[]).includes(application.status)) return null;
  const confirm = () =>
    withdraw
      .mutateAsync()
      .then(() => {
        close();
        notifySuccess(`Your application for ${application.job.title} has been withdrawn`);
      })
      .catch((error) => notifyFailure(error));
  return (
    <>
      <Button variant="subtle" color="red" size="xs" onClick={open} aria-label={`Withdraw your application for ${application.job.title}`}>
        Withdraw
      </Button>
      <ConfirmModal
        opened={asking}
        title="Withdraw this application?"
        message={`The employer will see that you withdrew from ${application.job.title}. You cannot apply for this job again.`}
        confirmLabel="Withdraw application"
        cancelLabel="Keep it"
        danger
        loading={withdraw.isPending}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
};

const ApplicationCard = ({ application }: { application: Application }) => {
  const [open, { toggle }] = useDisclosure(false);
  const { job } = application;
  const historyId = `history-${application._id}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="article" aria-label={`Application for ${job.title}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/jobs/${job.slug}`} fw={650} fz="lg" c="brand.9">
              {job.title}
            </Anchor>
            <Text size="sm">{[job.companyName, placeText(job.address)].filter(Boolean).join(' · ')}</Text>
          </Stack>
          <StatusBadge value={application.status} />
        </Group>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Applied {formatDate(application.createdAt)}
            </Text>
            {job.status !== 'PUBLISHED' && (
              <Badge color="gray" variant="outline" radius="sm" size="sm">
                Job closed
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <WithdrawButton application={application} />
            <Button
              variant="subtle"
              size="xs"
              onClick={toggle}
              aria-expanded={open}
              aria-controls={historyId}
              rightSection={open ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
            >
              History
            </Button>
          </Group>
        </Group>
        <Collapse in={open} id={historyId}>
          <Paper bg="gray.0" p="md" mt="xs">
            {open && <StatusHistory history={application.statusHistory} />}
          </Paper>
        </Collapse>
      </Stack>
    </Paper>
  );
};

/** /seeker/applications: every application, where it stands, and how it got there. */
export const ApplicationsPage = () => (
  <Stack gap={0} maw={920}>
    <PageHeader
      title="My applications"
      description="Where each of your applications stands. Employers' decisions reach you by email too."
    />
    <PagedList<Application>
      queryKey={myApplicationsKey}
      load={(request, signal) => callApi(myApplications, request, { signal })}
      noun="application"
      filters={[statusFilter]}
      searchPlaceholder="Job title or company"
      empty={{
        message: 'When you apply for a job, you can follow it here.',
        action: (
          <Button component={Link} to="/jobs" leftSection={<IconSend size={16} aria-hidden />}>
            Find jobs
          </Button>
        ),
      }}
    >
      {(rows) => (
        <Stack gap="sm">
          {rows.map((application) => (
            <ApplicationCard key={application._id} application={application} />
          ))}
        </Stack>
      )}
    </PagedList>
  </Stack>
);
