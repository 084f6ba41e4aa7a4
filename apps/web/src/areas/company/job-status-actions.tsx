import { job } from '@app/contract/resources/job-board/job';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../kit/confirm-modal';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useSetStatus } from '../../kit/use-resource';

type JobRow = { _id: string; title: string; status: string };

/** Publish a draft or closed job; close a published one (after asking: it leaves the board at once). */
export const JobStatusActions = ({ row }: { row: JobRow }) => {
  const setStatus = useSetStatus(job);
  const [closing, setClosing] = useState(false);

  const change = async (status: 'PUBLISHED' | 'CLOSED') => {
    try {
      await setStatus.mutateAsync({ _id: row._id, status });
      notifySuccess(status === 'PUBLISHED' ? `${row.title} is published` : `${row.title} is closed`);
      setClosing(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <>
      {(row.status === 'DRAFT' || row.status === 'CLOSED') && (
        <Tooltip label="Publish" withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            color="teal"
            size="lg"
            aria-label={`Publish ${row.title}`}
            onClick={() => change('PUBLISHED')}
            loading={setStatus.isPending}
          >
            <IconCircleCheck size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {row.status === 'PUBLISHED' && (
        <Tooltip label="Close" withArrow openDelay={300}>
          <ActionIcon variant="subtle" color="orange" size="lg" aria-label={`Close ${row.title}`} onClick={() => setClosing(true)}>
            <IconLock size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <ConfirmModal
        opened={closing}
        title={`Close ${row.title}?`}
        message="It leaves the job board at once and takes no more applications. Applicants so far stay, and you can publish it again."
        confirmLabel="Close job"
        loading={setStatus.isPending}
        onConfirm={() => change('CLOSED')}
        onClose={() => setClosing(false)}
      />
    </>
  );
};
