import { bulkActionsOf, bulkExtensionOf, bulkResult, siblingOfList } from '@app/contract/conventions/bulk';
import type { ResourceDefinition } from '@app/contract/define-resource';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { callApi } from './api';
import { BulkExtensionFields, type ExtensionValue, extensionPayload, extensionReady } from './bulk-extension-fields';
import { bulkTarget, noSelection, type Selection, selectedCount } from './bulk-selection';
import { useCan } from './can';
import { ConfirmModal } from './confirm-modal';
import { enumOptions } from './enum-options';
import { notifyFailure, notifySuccess } from './notify';
import { ReferencePicker } from './reference-picker';
import { resourceKey } from './use-resource';
import { plural } from './words';

const bulkCall = (path: string) => ({ method: 'PUT' as const, path, input: z.unknown(), output: bulkResult });

/**
 * Above a list with rows ticked: how many, "select all N matching", and the actions the resource and
 * the user's permissions allow (assign an owner, set a status, delete, and the definition's own, such
 * as move to stage), each one call for all rows.
 */
export const BulkBar = (props: {
  resource: ResourceDefinition;
  noun: string;
  selection: Selection;
  total: number;
  pageCount: number;
  list: { search: string; filter: Record<string, unknown> };
  onSelection: (selection: Selection) => void;
}) => {
  const { resource, selection } = props;
  const can = useCan();
  const queries = useQueryClient();
  const [dialog, setDialog] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [fields, setFields] = useState<ExtensionValue>({});
  const [busy, setBusy] = useState(false);
  const path = siblingOfList(resource, 'bulk');
  const count = selectedCount(selection, props.total);
  if (!path || count === 0) return null;
  // Choosing an owner names a staff member: the picker, like the server, needs READ on staff.
  const allowed = bulkActionsOf(resource).filter(
    (action) => can.bulk(resource, action) && (action !== 'assign-owner' || can.do(organisationStaff, 'list')),
  );
  const statuses = enumOptions(resource.status) ?? [];
  const own = allowed.flatMap((action) => {
    const extension = bulkExtensionOf(resource, action);
    return extension ? [{ action, extension }] : [];
  });
  const chosen = dialog ? bulkExtensionOf(resource, dialog) : undefined;
  const run = async (action: string) => {
    setBusy(true);
    try {
      const extension = bulkExtensionOf(resource, action);
      const done = await callApi(bulkCall(path), {
        ...bulkTarget(selection, props.list),
        action,
        ...(action === 'delete' ? {} : { value: extension ? extensionPayload(fields) : value }),
      });
      // Changed a batch at a time: one refused part way leaves those before it changed, and says so.
      if (done.stopped) notifyFailure(new Error(done.stopped), 'Stopped part way');
      else if (extension?.doneWords) notifySuccess(`${done.changed} ${extension.doneWords}`);
      else notifySuccess(`${done.changed} ${done.changed === 1 ? props.noun : plural(props.noun)} updated`);
      props.onSelection(noSelection);
      setDialog(null);
      setValue('');
      setFields({});
      await queries.invalidateQueries({ queryKey: resourceKey(resource) });
    } catch (failure) {
      notifyFailure(failure);
    } finally {
      setBusy(false);
    }
  };
  const words = `${count} ${count === 1 ? props.noun : plural(props.noun)}`;
  return (
    <Paper withBorder radius="md" p="xs" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <Text size="sm" aria-live="polite">
            {words} selected
          </Text>
          {selection.kind === 'ids' && props.total > props.pageCount && count >= props.pageCount && (
            <Button variant="subtle" size="xs" onClick={() => props.onSelection({ kind: 'matching' })}>
              Select all {props.total} matching
            </Button>
          )}
          <Button variant="subtle" size="xs" onClick={() => props.onSelection(noSelection)}>
            Clear selection
          </Button>
        </Group>
        <Group gap="xs">
          {allowed.includes('assign-owner') && (
            <Button size="xs" variant="default" onClick={() => setDialog('assign-owner')}>
              Assign owner
            </Button>
          )}
          {allowed.includes('set-status') && statuses.length > 0 && (
            <Button size="xs" variant="default" onClick={() => setDialog('set-status')}>
              Change status
            </Button>
          )}
          {own.map(({ action, extension }) => (
            <Button key={action} size="xs" variant="default" onClick={() => setDialog(action)}>
              {extension.label}
            </Button>
          ))}
          {allowed.includes('delete') && (
            <Button size="xs" color="red" variant="light" onClick={() => setDialog('delete')}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <Modal
        opened={dialog === 'assign-owner' || dialog === 'set-status'}
        onClose={() => setDialog(null)}
        title={dialog === 'assign-owner' ? `Assign an owner to ${words}` : `Change the status of ${words}`}
      >
        <Stack>
          {dialog === 'assign-owner' ? (
            <ReferencePicker
              target={{ resource: organisationStaff, labelField: 'name.fullName' }}
              label="Owner"
              value={value}
              onChange={(chosen) => setValue(String(chosen))}
            />
          ) : (
            <Select label="Status" data={statuses} value={value || null} onChange={(chosen) => setValue(chosen ?? '')} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button disabled={!value} loading={busy} onClick={() => dialog && run(dialog)}>
              Apply to {words}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={Boolean(chosen)} onClose={() => setDialog(null)} title={chosen ? `${chosen.label}: ${words}` : ''}>
        {chosen && dialog && (
          <Stack>
            <BulkExtensionFields extension={chosen} value={fields} onChange={setFields} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button disabled={!extensionReady(chosen, fields)} loading={busy} onClick={() => run(dialog)}>
                Apply to {words}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        opened={dialog === 'delete'}
        title={`Delete ${words}?`}
        message={`They will be removed from lists. This cannot be undone here.`}
        confirmLabel={`Delete ${words}`}
        danger
        loading={busy}
        onConfirm={() => run('delete')}
        onClose={() => setDialog(null)}
      />
    </Paper>
  );
};
