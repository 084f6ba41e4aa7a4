import { task } from '@app/contract/resources/crm/task';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { useSession } from '../../kit/session';
import { taskFormFields } from './candidate-related-tailoring';
import { CompleteTaskButton } from './complete-task-button';
import { linkedRecordField, linkedToColumn } from './linked-to';
import { QuickAddTask } from './quick-add-task';
import { RecordLinks } from './record-links';

export const taskScreen = screenTailoring({
  resource: task,
  // The Tasks page's form also links a task to the records it is about (a candidate's tab links it to the candidate).
  fields: {
    ...taskFormFields,
    add: [...(taskFormFields.add ?? []), linkedRecordField],
    pick: [...(taskFormFields.pick ?? []), 'relatedTo'],
  },
  columns: { add: [linkedToColumn] as never, pick: ['title', 'status', 'priority', 'assigneeIds', 'dueDate', 'linkedTo'] },
  filters: {
    pick: ['assignedTo', 'assigneeIds', 'status', 'priority'],
    change: {
      assignedTo: {
        label: 'Whose',
        options: [
          { value: 'ME', label: 'Mine' },
          { value: 'MY_TEAM', label: 'My team’s' },
        ],
      },
      assigneeIds: { label: 'Assigned to' },
    },
  },
});

/** /crm/tasks: the organisation's tasks; mine or my team's a filter away, a quick add for my own. */
export const TasksPage = () => {
  const { user } = useSession();
  return (
    <ResourceScreen
      {...taskScreen}
      title="Tasks"
      noun="task"
      description={
        <>
          Work to do for clients and candidates, with who does it and by when.
          {user && <QuickAddTask userId={user._id} />}
        </>
      }
      searchPlaceholder="Title, description or TSK number"
      rowLabel={(row) => row.title}
      rowExtra={(row) => <CompleteTaskButton row={row} />}
      recordExtra={(row) => <RecordLinks entityType="Task" id={row._id} />}
    />
  );
};
