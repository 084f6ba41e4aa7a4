import { crmJob, publishCrmJobToBoard, unpublishCrmJobFromBoard } from '@app/contract/resources/hiring/crm-job';
import { job as boardJob } from '@app/contract/resources/job-board/job';
import { Anchor, Button, Group } from '@mantine/core';
import { IconExternalLink, IconWorldUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callRecord } from '../../kit/api';
import { useCan } from '../../kit/can';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useCall } from '../../kit/use-resource';

type Job = { _id: string; status: string; boardJobId?: string | null };

const boardCopyKey = (id: string | null | undefined) => ['hiring', 'board-copy', id] as const;

/**
 * The job's copy on the public board, read as the board answers it (its public page needs the slug).
 * A copy the board no longer shows (closed) is answered only to its staff owner: anyone else sees
 * none, and may publish it again.
 */
const useBoardCopy = (boardJobId: string | null | undefined) =>
  useQuery({
    queryKey: boardCopyKey(boardJobId),
    queryFn: ({ signal }) => callRecord(boardJob, 'details', { _id: boardJobId as string }, { signal }).catch(() => null),
    enabled: Boolean(boardJobId),
  });

/**
 * "Publish to job board" and "Unpublish" for a CRM job, with the link to its public page while it
 * is up (issue 29 point 5). Goes in the job page's header actions, beside the status control:
 * `<PublishToBoardButton job={job} />`.
 */
export const PublishToBoardButton = ({ job }: { job: Job }) => {
  const can = useCan();
  const queryClient = useQueryClient();
  const publish = useCall(publishCrmJobToBoard, { invalidates: [crmJob] });
  const unpublish = useCall(unpublishCrmJobFromBoard, { invalidates: [crmJob] });
  const copy = useBoardCopy(job.boardJobId);
  if (!can.call(publishCrmJobToBoard) || job.status === 'ARCHIVED') return null;
  const onBoard = copy.data?.status === 'PUBLISHED';
  const refreshCopy = () => queryClient.invalidateQueries({ queryKey: boardCopyKey(job.boardJobId) });
  const run = (which: typeof publish, done: string) =>
    which
      .mutateAsync({ _id: job._id })
      .then(async (answer) => {
        await queryClient.invalidateQueries({ queryKey: boardCopyKey(answer.boardJobId) });
        await refreshCopy();
        notifySuccess(done);
      })
      .catch((error) => notifyFailure(error));
  return (
    <Group gap="xs">
      {onBoard && copy.data && (
        <Anchor component={Link} to={`/jobs/${copy.data.slug}`} target="_blank" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            On the job board <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      )}
      <Button
        size="sm"
        variant={onBoard ? 'default' : 'filled'}
        leftSection={<IconWorldUpload size={16} aria-hidden />}
        loading={publish.isPending}
        onClick={() => run(publish, onBoard ? 'The job board has the latest version' : 'Published on the job board')}
      >
        {onBoard ? 'Update on job board' : 'Publish to job board'}
      </Button>
      {onBoard && (
        <Button
          size="sm"
          variant="subtle"
          color="red"
          loading={unpublish.isPending}
          onClick={() => run(unpublish, 'Taken off the job board')}
        >
          Unpublish
        </Button>
      )}
    </Group>
  );
};
