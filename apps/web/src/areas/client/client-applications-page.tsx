import type { ListRequest } from '@app/contract/conventions/list';
import { type clientApplication, clientApplicationCv, clientApplicationList } from '@app/contract/resources/hiring/client-applications';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileText, IconMessageStar, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import type { z } from 'zod';
import { callApi } from '../../kit/api';
import { notifyFailure } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { PagedList } from '../../kit/paged-list';
import { formatDateTime, humanise } from '../../kit/words';
import { FeedbackModal } from '../hiring/feedback-parts';

type ClientApplication = z.output<typeof clientApplication>;

export const clientApplicationsKey = ['client-portal', 'applications'] as const;

/**
 * Opens the candidate's CV in a new tab: the server answers an expiring link, to a copy without the
 * contact details until the recruiter shares them. The tab opens at once (a later one would be
 * blocked as a pop-up), then follows the link.
 */
const CvButton = ({ application }: { application: ClientApplication }) => {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    const target = window.open('', '_blank');
    setOpening(true);
    try {
      const { url } = await callApi(clientApplicationCv, { _id: application._id });
      if (target) target.location.href = url;
      else window.location.href = url;
    } catch (failure) {
      target?.close();
      notifyFailure(failure);
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileText size={14} aria-hidden />}
      onClick={open}
      loading={opening}
      aria-label={`CV of ${application.candidate?.label ?? 'the candidate'}`}
    >
      CV
    </Button>
  );
};

/** The client's view of a candidate, unasked: the feedback form, for this application. */
const FeedbackButton = ({ application }: { application: ClientApplication }) => {
  const [giving, setGiving] = useState(false);
  const who = application.candidate?.label ?? 'the candidate';
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconMessageStar size={14} aria-hidden />}
        onClick={() => setGiving(true)}
        aria-label={`Give feedback on ${who}`}
      >
        Feedback
      </Button>
      {giving && (
        <FeedbackModal
          title={`Your feedback: ${who}${application.job?.label ? ` for ${application.job.label}` : ''}`}
          target={{ kind: 'create', jobApplicationId: application._id }}
          onClose={() => setGiving(false)}
        />
      )}
    </>
  );
};

/** One candidate on one of the client's jobs: where they stand, their interviews, their CV, and how to reach them once granted. */
const ApplicationCard = ({ application }: { application: ClientApplication }) => (
  <Paper withBorder radius="md" p="md">
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{application.candidate?.label ?? 'A candidate'}</Text>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light">{application.currentStage?.label ?? 'No stage'}</Badge>
          <CvButton application={application} />
          <FeedbackButton application={application} />
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {application.job?.label}, at this stage since {formatDateTime(application.stageEnteredAt)}
      </Text>
      {application.contact ? (
        <Group gap="md" wrap="wrap">
          {application.contact.email && (
            <Anchor size="sm" href={`mailto:${application.contact.email}`}>
              {application.contact.email}
            </Anchor>
          )}
          {application.contact.phone && <Text size="sm">{application.contact.phone}</Text>}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Contact details are hidden until your recruiter shares them.
        </Text>
      )}
      {application.interviews.map((interview) => (
        <Text key={interview._id} size="sm">
          {interview.interviewType} interview{interview.startTime ? `, ${formatDateTime(interview.startTime)}` : ''} (
          {humanise(interview.status).toLowerCase()})
        </Text>
      ))}
    </Stack>
  </Paper>
);

/** /client/applications: the candidates on the client's jobs, as their recruitment partner shares them. */
export const ClientApplicationsPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Candidates"
      description="The candidates your recruitment partner has put forward for your jobs, and where each stands."
    />
    <PagedList
      queryKey={clientApplicationsKey}
      load={(request: ListRequest, signal) => callApi(clientApplicationList, request, { signal })}
      noun="candidate"
      searchPlaceholder="Search by reference"
      empty={{ icon: <IconUsers size={24} />, message: 'No candidates on your jobs yet.' }}
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
