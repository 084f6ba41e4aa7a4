import { task } from '@app/contract/resources/crm/task';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useCan } from '../../kit/can';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useCreate } from '../../kit/use-resource';

/** A task from its title alone, assigned to the one who types it; the rest can follow in the full form. */
export const QuickAddTask = ({ userId }: { userId: string }) => {
  const can = useCan();
  const create = useCreate(task);
  const [title, setTitle] = useState('');
  if (!can.do(task, 'create')) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return;
    try {
      await create.mutateAsync({ title: trimmed, assigneeIds: [userId] });
      setTitle('');
      notifySuccess(`${trimmed} is on your list`);
    } catch (error) {
      notifyFailure(error);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Quick add a task">
      <Group gap="xs" mt="sm" wrap="nowrap" maw={560}>
        <TextInput
          aria-label="New task for me"
          placeholder="Quick add: a task for me, then Enter"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending}>
          Add
        </Button>
      </Group>
    </form>
  );
};
