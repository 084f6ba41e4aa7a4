import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../kit/confirm-modal';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { renameFieldErrors } from '../../kit/field-errors';
import { FieldsForm } from '../../kit/fields-form';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { SectionCard } from '../../kit/section-card';
import { capitalise } from '../../kit/words';

type EntryListSectionProps<Entry> = {
  id: string;
  title: string;
  description: string;
  /** One entry in words ("qualification"). */
  noun: string;
  /** The payload's key, so `education.2.endDate` is the form's `endDate`. */
  listKey: string;
  entries: Entry[];
  fields: readonly FieldDescriptor[];
  describe: (entry: Entry) => { title: string; subtitle: string; period: string };
  /** Sends the whole list: the API replaces it. */
  save: (entries: Record<string, unknown>[]) => Promise<unknown>;
};

/**
 * A list the API replaces as a whole (education, work history), edited one entry at a time in a
 * dialog. The server checks every entry; its messages about the one being edited land beside its inputs.
 */
export const EntryListSection = <Entry extends Record<string, unknown>>(props: EntryListSectionProps<Entry>) => {
  const { noun, entries, listKey } = props;
  const phone = useMediaQuery('(max-width: 40em)');
  const [editing, setEditing] = useState<{ index: number } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (payload: Record<string, unknown>) => {
    if (!editing) return;
    const index = editing.index < 0 ? entries.length : editing.index;
    const kept = entries[index]?._id ? { _id: entries[index]._id } : {};
    const next: Record<string, unknown>[] = [...entries];
    next[index] = { ...kept, ...payload };
    try {
      return await props.save(next);
    } catch (error) {
      const prefix = `${listKey}.${index}.`;
      throw renameFieldErrors(error, (field) => (field.startsWith(prefix) ? field.slice(prefix.length) : undefined));
    }
  };

  const remove = async () => {
    if (removing === null) return;
    setBusy(true);
    try {
      await props.save(entries.filter((_, index) => index !== removing));
      notifySuccess(`${capitalise(noun)} removed`);
      setRemoving(null);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const editingEntry = editing && editing.index >= 0 ? entries[editing.index] : undefined;
  const removingEntry = removing === null ? undefined : entries[removing];

  return (
    <SectionCard
      id={props.id}
      title={props.title}
      description={props.description}
      action={
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ index: -1 })}>
          Add {noun}
        </Button>
      }
    >
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing here yet.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry, index) => {
            const { title, subtitle, period } = props.describe(entry);
            return (
              <Group
                key={String(entry._id ?? index)}
                component="li"
                justify="space-between"
                align="flex-start"
                wrap="nowrap"
                py="sm"
                style={{ borderTop: index > 0 ? '1px solid var(--mantine-color-gray-2)' : undefined }}
              >
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{title}</Text>
                  <Text size="sm">{subtitle}</Text>
                  <Text size="sm" c="dimmed">
                    {period}
                  </Text>
                </Stack>
                <Group gap={2} wrap="nowrap">
                  <Tooltip label="Edit" withArrow openDelay={300}>
                    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Edit ${title}`} onClick={() => setEditing({ index })}>
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove" withArrow openDelay={300}>
                    <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${title}`} onClick={() => setRemoving(index)}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editingEntry ? `Edit ${noun}` : `Add ${noun}`}
        size="lg"
        fullScreen={phone}
        centered
      >
        {editing && (
          <FieldsForm
            fields={props.fields}
            initial={editingEntry ?? {}}
            emptyStrings="omit"
            submitLabel={editingEntry ? 'Save changes' : `Add ${noun}`}
            successMessage={editingEntry ? `${capitalise(noun)} saved` : `${capitalise(noun)} added`}
            onSubmit={submit}
            onSuccess={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={removing !== null}
        title={`Remove this ${noun}?`}
        message={removingEntry ? `${props.describe(removingEntry).title} will be taken off your profile.` : ''}
        confirmLabel="Remove"
        danger
        loading={busy}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </SectionCard>
  );
};
