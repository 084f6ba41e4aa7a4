import { task } from '@app/contract/resources/crm/task';
import { IconCircleCheck } from '@tabler/icons-react';
import { useCan } from '../../kit/can';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { RowButton } from '../../kit/row-actions';
import { useUpdate } from '../../kit/use-resource';

/** Marks a task DONE in one click (the server records when). */
export const CompleteTaskButton = ({ row }: { row: { _id: string; title: string; status: string } }) => {
  const can = useCan();
  const update = useUpdate(task);
  if (row.status === 'DONE' || row.status === 'CANCELLED' || !can.do(task, 'update')) return null;
  const run = async () => {
    try {
      await update.mutateAsync({ _id: row._id, status: 'DONE' });
      notifySuccess(`${row.title} is done`);
    } catch (error) {
      notifyFailure(error);
    }
  };
  return (
    <RowButton name={`Complete ${row.title}`} colour="teal" onClick={run}>
      <IconCircleCheck size={18} aria-hidden />
    </RowButton>
  );
};
