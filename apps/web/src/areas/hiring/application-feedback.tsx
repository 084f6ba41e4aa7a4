import { feedback, generateFeedbackRequest, shareFeedbackWithCandidate } from '@app/contract/resources/hiring/feedback';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconMessageStar, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { EmptyState } from '../../kit/empty-state';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useCall, useList, useRemove } from '../../kit/use-resource';
import { FeedbackCard, FeedbackModal, type FeedbackRecord } from './feedback-parts';

/** Ask the client: a note for them, mailed with the link to the portal; again, a reminder. */
const AskModal = ({ applicationId, waiting, onClose }: { applicationId: string; waiting: boolean; onClose: () => void }) => {
  const [message, setMessage] = useState('');
  const ask = useCall(generateFeedbackRequest, { invalidates: [feedback] });
  const send = () =>
    ask.mutate(
      { jobApplicationId: applicationId, message: message.trim() || null },
      {
        onSuccess: () => {
          notifySuccess(waiting ? 'Reminder sent to the client' : 'Feedback request sent to the client');
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Request not sent'),
      },
    );
  return (
    <Modal opened onClose={onClose} title={waiting ? 'Remind the client' : 'Ask the client for feedback'}>
      <Stack>
        <Text size="sm">
          The client’s portal users are mailed a link to give their feedback on this candidate: a verdict, ratings and remarks.
        </Text>
        <Textarea
          label="A note for them"
          placeholder="Optional: what you would like to hear about, or by when"
          autosize
          minRows={2}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} loading={ask.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            {waiting ? 'Send reminder' : 'Send request'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/**
 * An application's client feedback, on its page: what the client said (in the portal, or as staff
 * recorded it), the request still waiting, and the actions staff may take on each.
 */
export const ApplicationFeedback = ({ applicationId }: { applicationId: string }) => {
  const can = useCan();
  const list = useList(feedback, { limit: 100, filter: { jobApplicationId: applicationId } });
  const remove = useRemove(feedback);
  const share = useCall(shareFeedbackWithCandidate, { invalidates: [feedback] });
  const [asking, setAsking] = useState(false);
  const [recording, setRecording] = useState(false);
  const [editing, setEditing] = useState<FeedbackRecord | null>(null);
  const [removing, setRemoving] = useState<FeedbackRecord | null>(null);
  const rows = list.data?.results ?? [];
  const waiting = rows.some((row) => row.status === 'PENDING');
  const toggleShare = (row: FeedbackRecord) =>
    share.mutate(
      { _id: row._id, shared: !row.sharedWithUserId },
      {
        onSuccess: () => notifySuccess(row.sharedWithUserId ? 'No longer shared with the candidate' : 'Shared with the candidate'),
        onError: (error) => notifyFailure(error, 'Sharing not changed'),
      },
    );
  const actionsOf = (row: FeedbackRecord) => (
    <>
      {row.status === 'SUBMITTED' && row.submissionType === 'STAFF' && can.do(feedback, 'update') && (
        <Button size="compact-sm" variant="light" onClick={() => setEditing(row)}>
          Edit
        </Button>
      )}
      {row.status === 'SUBMITTED' && can.call(shareFeedbackWithCandidate) && (
        <Button size="compact-sm" variant="light" loading={share.isPending} onClick={() => toggleShare(row)}>
          {row.sharedWithUserId ? 'Stop sharing' : 'Share with candidate'}
        </Button>
      )}
      {can.do(feedback, 'remove') && (
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(row)}>
          {row.status === 'PENDING' ? 'Withdraw request' : 'Delete'}
        </Button>
      )}
    </>
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>Client feedback</Text>
        <Group gap="xs">
          {can.call(generateFeedbackRequest) && (
            <Button size="sm" variant="light" leftSection={<IconSend size={16} aria-hidden />} onClick={() => setAsking(true)}>
              {waiting ? 'Remind the client' : 'Ask the client'}
            </Button>
          )}
          {can.do(feedback, 'create') && (
            <Button size="sm" variant="default" onClick={() => setRecording(true)}>
              Record feedback
            </Button>
          )}
        </Group>
      </Group>
      {list.isSuccess && rows.length === 0 ? (
        <EmptyState
          icon={<IconMessageStar size={24} />}
          title="No client feedback yet"
          message="Ask the client, and their portal users are mailed a link to give it."
        />
      ) : (
        rows.map((row) => <FeedbackCard key={row._id} row={row} actions={actionsOf(row)} />)
      )}
      {asking && <AskModal applicationId={applicationId} waiting={waiting} onClose={() => setAsking(false)} />}
      {recording && (
        <FeedbackModal
          title="Record the client’s feedback"
          target={{ kind: 'create', jobApplicationId: applicationId }}
          onClose={() => setRecording(false)}
        />
      )}
      {editing && (
        <FeedbackModal
          title="Edit the feedback"
          target={{ kind: 'answer', _id: editing._id, earlier: editing }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        title={removing?.status === 'PENDING' ? 'Withdraw the request?' : 'Delete this feedback?'}
        message={
          removing?.status === 'PENDING'
            ? 'The client will no longer see it among the feedback they are asked for.'
            : 'It leaves the application for staff and the client alike.'
        }
        confirmLabel={removing?.status === 'PENDING' ? 'Withdraw' : 'Delete'}
        danger
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { _id: removing._id },
            {
              onSuccess: () => {
                notifySuccess(removing.status === 'PENDING' ? 'Request withdrawn' : 'Feedback deleted');
                setRemoving(null);
              },
              onError: (error) => notifyFailure(error, 'Not deleted'),
            },
          )
        }
      />
    </Stack>
  );
};
