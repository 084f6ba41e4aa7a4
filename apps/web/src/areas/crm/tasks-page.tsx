import { task } from '@app/contract/resources/crm/task';
import { IconCircleCheck } from '@tabler/icons-react';
import { useCan } from '../../kit/can';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { ResourceScreen } from '../../kit/resource-screen';
import { RowButton } from '../../kit/row-actions';
import { useSession } from '../../kit/session';
import { useUpdate } from '../../kit/use-resource';

/** Marks a task DONE in one click (the server records when). */
const CompleteTaskButton = ({ row }: { row: { _id: string; title: string; status: string } }) => {
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

/** /crm/tasks: the organisation's tasks, the signed-in user's own a filter away. */
export const TasksPage = () => {
  const { user } = useSession();
  return (
    <ResourceScreen
      resource={task}
      title="Tasks"
      noun="task"
      description="Work to do for clients and candidates, with who does it and by when."
      searchPlaceholder="Title, description or TSK number"
      rowLabel={(row) => row.title}
      fields={{ pick: ['title', 'description', 'status', 'priority', 'assigneeIds', 'dueDate', 'comment'] }}
      columns={{ pick: ['title', 'status', 'priority', 'assigneeIds', 'dueDate'] }}
      filters={{
        pick: ['assigneeIds', 'status', 'priority'],
        change: user ? { assigneeIds: { label: 'Assigned to', options: [{ value: user._id, label: 'Me' }], reference: undefined } } : {},
      }}
      rowExtra={(row) => <CompleteTaskButton row={row} />}
    />
  );
};
