import {
  type AgencyLink,
  acceptAgencyLink,
  endAgencyLink,
  myAgencyLinks,
  refuseAgencyLink,
} from '@app/contract/resources/crm/candidate-account-link';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingCommunity, IconLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../kit/api';
import { ConfirmModal } from '../../kit/confirm-modal';
import { EmptyState } from '../../kit/empty-state';
import { messageOf, notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { useSession } from '../../kit/session';
import { formatDate } from '../board/labels';
import { seekerProfileKey } from '../board/use-seeker-profile';

export const agencyLinksKey = ['board', 'agency-links'] as const;

/** The agencies that invited the signed-in seeker to link their profile, or are linked to it. */
export const useAgencyLinks = () => {
  const { user } = useSession();
  return useQuery({
    queryKey: agencyLinksKey,
    queryFn: ({ signal }) => callApi(myAgencyLinks, {}, { signal }),
    enabled: user?.userType === 'JOB_SEEKER',
  });
};

type Answer = 'accept' | 'refuse' | 'end';
const calls = { accept: acceptAgencyLink, refuse: refuseAgencyLink, end: endAgencyLink } as const;

const useAnswer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answer, id }: { answer: Answer; id: string }) => callApi(calls[answer], { _id: id }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: agencyLinksKey });
      // Accepting or ending changes which agency record the profile names.
      await queryClient.invalidateQueries({ queryKey: seekerProfileKey });
    },
  });
};

const done: Record<Answer, (agency: string) => string> = {
  accept: (agency) => `You are linked with ${agency}: they see your profile as you keep it`,
  refuse: (agency) => `You refused ${agency}'s invitation: nothing of your profile is shared`,
  end: (agency) => `You ended the link with ${agency}: they get nothing further from your profile`,
};

/** Accept and refuse for one waiting invitation. */
const InvitationActions = ({ link }: { link: AgencyLink }) => {
  const answer = useAnswer();
  const agency = link.organisation.name;
  const run = (which: Answer) =>
    answer
      .mutateAsync({ answer: which, id: link._id })
      .then(() => notifySuccess(done[which](agency)))
      .catch((error) => notifyFailure(error));
  return (
    <Group gap="sm">
      <Button size="sm" onClick={() => run('accept')} loading={answer.isPending && answer.variables?.answer === 'accept'}>
        Accept {agency}
      </Button>
      <Button size="sm" variant="default" onClick={() => run('refuse')} loading={answer.isPending && answer.variables?.answer === 'refuse'}>
        Refuse {agency}
      </Button>
    </Group>
  );
};

/**
 * A notice on the seeker's profile for each waiting invitation, naming the agency: nothing is
 * shared until they accept.
 */
export const AgencyInvitationNotices = () => {
  const links = useAgencyLinks();
  const pending = (links.data?.results ?? []).filter((link) => link.status === 'PENDING');
  if (pending.length === 0) return null;
  return (
    <Stack gap="sm" mb="lg">
      {pending.map((link) => (
        <Alert
          key={link._id}
          color="brand"
          icon={<IconLink size={18} aria-hidden />}
          title={`${link.organisation.name} invites you to link your profile`}
        >
          <Stack gap="sm">
            <Text size="sm">
              They have you as a candidate. If you accept, they see your name, phone, about and skills as you keep them here, until you or
              they end the link. Nothing is shared unless you accept.{' '}
              <Anchor component={Link} to="/seeker/agencies" size="sm">
                Your agencies
              </Anchor>
            </Text>
            <InvitationActions link={link} />
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
};

const statusText = (link: AgencyLink) => {
  switch (link.status) {
    case 'PENDING':
      return `Invited you on ${formatDate(link.invitedAt)}`;
    case 'ACCEPTED':
      return link.origin === 'CREDENTIALS'
        ? `Made your account on ${formatDate(link.invitedAt)}`
        : `Linked since ${formatDate(link.respondedAt)}`;
    case 'REFUSED':
      return `You refused on ${formatDate(link.respondedAt)}`;
    default:
      return `${link.endedBySide === 'SEEKER' ? 'You ended the link' : 'They ended the link'} on ${formatDate(link.endedAt)}`;
  }
};

const LinkCard = ({ link, onEnd }: { link: AgencyLink; onEnd?: () => void }) => (
  <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="article" aria-label={link.organisation.name}>
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Stack gap={2}>
        <Text fw={650}>{link.organisation.name}</Text>
        <Text size="sm" c="dimmed">
          {statusText(link)}
        </Text>
      </Stack>
      {link.status === 'PENDING' && <InvitationActions link={link} />}
      {onEnd && (
        <Button size="sm" variant="default" color="red" onClick={onEnd}>
          End link with {link.organisation.name}
        </Button>
      )}
    </Group>
  </Paper>
);

/** /seeker/agencies: invitations to answer, the agencies linked to the profile (each can be ended), and past ones. */
export const AgencyLinksPage = () => {
  const links = useAgencyLinks();
  const answer = useAnswer();
  const [ending, setEnding] = useState<AgencyLink | null>(null);
  const all = links.data?.results ?? [];
  const groups = [
    { title: 'Invitations', rows: all.filter((link) => link.status === 'PENDING') },
    { title: 'Linked agencies', rows: all.filter((link) => link.status === 'ACCEPTED') },
    { title: 'Past', rows: all.filter((link) => link.status === 'REFUSED' || link.status === 'ENDED') },
  ];
  const end = () => {
    if (!ending) return;
    answer
      .mutateAsync({ answer: 'end', id: ending._id })
      .then(() => notifySuccess(done.end(ending.organisation.name)))
      .catch((error) => notifyFailure(error))
      .finally(() => setEnding(null));
  };
  const body = () => {
    if (links.isPending) return <Skeleton height={120} radius="md" />;
    if (links.isError) {
      return (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          colour="red"
          title="Your agencies could not be loaded"
          message={messageOf(links.error)}
          action={
            <Button variant="light" onClick={() => links.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    if (all.length === 0) {
      return (
        <EmptyState
          icon={<IconBuildingCommunity size={24} />}
          title="No agencies yet"
          message="When a recruitment agency invites you to link your profile, the invitation shows here."
        />
      );
    }
    return groups
      .filter((group) => group.rows.length > 0)
      .map((group) => (
        <Stack key={group.title} gap="sm" component="section" aria-label={group.title}>
          <Title order={2} fz="lg">
            {group.title}
          </Title>
          {group.rows.map((link) => (
            <LinkCard key={link._id} link={link} onEnd={link.status === 'ACCEPTED' ? () => setEnding(link) : undefined} />
          ))}
        </Stack>
      ));
  };
  return (
    <Stack gap="lg" maw={820}>
      <PageHeader
        title="Agencies"
        description="Recruitment agencies see your profile only if you accept their invitation, and only until you or they end the link."
      />
      {body()}
      <ConfirmModal
        opened={ending !== null}
        title={`End the link with ${ending?.organisation.name ?? 'this agency'}?`}
        message="They keep what they already have, and get nothing further from your profile."
        confirmLabel="End link"
        danger
        loading={answer.isPending}
        onConfirm={end}
        onClose={() => setEnding(null)}
      />
    </Stack>
  );
};
