import { candidate, candidateCredentials, candidateCredentialsReset } from '@app/contract/resources/crm/candidate';
import {
  type CandidateAccountLink,
  candidateAccountLinkDetails,
  endCandidateAccountLink,
} from '@app/contract/resources/crm/candidate-account-link';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../kit/api';
import { useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { resourceKey } from '../../kit/use-resource';
import { formatDate } from '../board/labels';

/** Under the candidate's key, so a candidate change (and the actions here) fetch it again. */
const linkKey = (id: string) => [...resourceKey(candidate), 'account-link', id] as const;

const stateOf = (link: CandidateAccountLink): { badge: string; colour: string; text: string } => {
  switch (link.status) {
    case 'PENDING':
      return {
        badge: 'Invited',
        colour: 'yellow',
        text: `Invited to link their job seeker account on ${formatDate(link.invitedAt)}: nothing of theirs is shared until they accept.`,
      };
    case 'ACCEPTED':
      return link.origin === 'CREDENTIALS'
        ? { badge: 'Linked', colour: 'teal', text: `Signs in with the account you gave them on ${formatDate(link.invitedAt)}.` }
        : {
            badge: 'Linked',
            colour: 'teal',
            text: `Linked their job seeker account on ${formatDate(link.respondedAt)}: their profile edits refresh this record.`,
          };
    case 'REFUSED':
      return { badge: 'Refused', colour: 'gray', text: `Refused to link their job seeker account on ${formatDate(link.respondedAt)}.` };
    case 'ENDED':
      return {
        badge: 'Ended',
        colour: 'gray',
        text: `${link.endedBySide === 'SEEKER' ? 'The candidate' : 'Your organisation'} ended the link on ${formatDate(link.endedAt)}. This record keeps what it holds.`,
      };
    default:
      return { badge: 'No sign-in', colour: 'gray', text: 'No sign-in or linked job seeker account.' };
  }
};

/**
 * The candidate's sign-in on their page: whether they are invited, linked, refused or ended, and
 * the actions the caller's permissions allow (the same the calls check): give a sign-in (or invite
 * an existing job seeker), reset a password the organisation issued, end the link.
 */
export const CandidateAccountLinkCard = ({ candidateId, email }: { candidateId: string; email: string }) => {
  const can = useCan();
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState(false);
  const mayRead = can.call(candidateAccountLinkDetails);
  const query = useQuery({
    queryKey: linkKey(candidateId),
    queryFn: ({ signal }) => callApi(candidateAccountLinkDetails, { _id: candidateId }, { signal }),
    enabled: mayRead,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKey(candidate) });
  const give = useMutation({ mutationFn: () => callApi(candidateCredentials, { _id: candidateId }), onSuccess: refresh });
  const reset = useMutation({ mutationFn: () => callApi(candidateCredentialsReset, { _id: candidateId }), onSuccess: refresh });
  const end = useMutation({ mutationFn: () => callApi(endCandidateAccountLink, { _id: candidateId }), onSuccess: refresh });
  if (!mayRead || !query.data) return null;
  const link = query.data;
  const state = stateOf(link);
  const standing = link.status === 'PENDING' || link.status === 'ACCEPTED';
  const failed = (error: unknown) => notifyFailure(error);
  return (
    <Paper withBorder p="md" component="section" aria-label="Sign-in">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 18rem' }}>
          <Badge color={state.colour} variant="light" radius="sm">
            {state.badge}
          </Badge>
          <Text size="sm">{state.text}</Text>
        </Group>
        <Group gap="xs">
          {!standing && can.call(candidateCredentials) && (
            <Button
              size="xs"
              variant="light"
              loading={give.isPending}
              onClick={() =>
                give
                  .mutateAsync()
                  .then((answer) =>
                    notifySuccess(
                      answer.invited ? `An invitation to link has been mailed to ${email}` : `A sign-in has been mailed to ${email}`,
                    ),
                  )
                  .catch(failed)
              }
            >
              Give sign-in
            </Button>
          )}
          {link.passwordResettable && can.call(candidateCredentialsReset) && (
            <Button
              size="xs"
              variant="default"
              loading={reset.isPending}
              onClick={() =>
                reset
                  .mutateAsync()
                  .then(() => notifySuccess(`A new password has been mailed to ${email}`))
                  .catch(failed)
              }
            >
              Reset password
            </Button>
          )}
          {standing && can.call(endCandidateAccountLink) && (
            <Button size="xs" variant="default" color="red" onClick={() => setEnding(true)}>
              {link.status === 'PENDING' ? 'Withdraw invitation' : 'End link'}
            </Button>
          )}
        </Group>
      </Group>
      <ConfirmModal
        opened={ending}
        title={link.status === 'PENDING' ? 'Withdraw the invitation?' : 'End the link with their job seeker account?'}
        message="This record keeps what it holds, and gets nothing further from their profile."
        confirmLabel={link.status === 'PENDING' ? 'Withdraw invitation' : 'End link'}
        danger
        loading={end.isPending}
        onConfirm={() =>
          end
            .mutateAsync()
            .then(() => notifySuccess(link.status === 'PENDING' ? 'Invitation withdrawn' : 'Link ended'))
            .catch(failed)
            .finally(() => setEnding(false))
        }
        onClose={() => setEnding(false)}
      />
    </Paper>
  );
};
