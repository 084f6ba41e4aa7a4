import { siblingOfList } from '@app/contract/conventions/bulk';
import type { ResourceDefinition } from '@app/contract/define-resource';
import { savedView } from '@app/contract/resources/crm/saved-view';
import { Button, Checkbox, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { IconBookmark, IconColumns, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from './can';
import { downloadFile } from './download';
import { type ListView, sameView, toggleColumn, viewOfSaved, visibleColumns } from './list-view';
import { messageOf, notifyFailure, notifySuccess } from './notify';
import { useCreate, useList, useRemove, useUpdate } from './use-resource';

type SavedRecord = {
  _id: string;
  name: string;
  search: string;
  filter: Record<string, unknown>;
  columns: string[];
  sort?: ListView['sort'] | null;
};

/**
 * The menu of the user's saved views of one list: pick one, save what the list shows under a new name,
 * update the view in use, delete it. Only CRM staff keep views (the server scopes them to their creator).
 */
export const SavedViewsMenu = (props: {
  resource: ResourceDefinition;
  current: ListView;
  onPick: (view: ListView, name: string | null) => void;
}) => {
  const can = useCan();
  const enabled = can.do(savedView, 'list');
  const list = useList(savedView, { limit: 'ALL', filter: { resource: props.resource.name } }, { enabled });
  const create = useCreate(savedView);
  const update = useUpdate(savedView);
  const remove = useRemove(savedView);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!enabled) return null;
  const views = (list.data?.results ?? []) as unknown as SavedRecord[];
  const inUse = views.find((view) => sameView(viewOfSaved(view), props.current));
  const payload = { search: props.current.search, filter: props.current.filter, columns: props.current.columns, sort: props.current.sort };

  const save = async () => {
    try {
      await create.mutateAsync({ resource: props.resource.name, name, ...payload });
      notifySuccess(`View ${name.trim()} saved`);
      setNaming(false);
      setName('');
      setError(undefined);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmark size={16} aria-hidden />} aria-label="Saved views">
            {inUse ? inUse.name : 'Views'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Saved views</Menu.Label>
          {views.length === 0 && <Menu.Item disabled>No saved views yet</Menu.Item>}
          {views.map((view) => (
            <Menu.Item
              key={view._id}
              onClick={() => props.onPick(viewOfSaved(view), view.name)}
              aria-current={view === inUse ? 'true' : undefined}
            >
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setNaming(true)}>Save current view…</Menu.Item>
          {views.length > 0 && !inUse && <Menu.Label>Update a view with what is shown:</Menu.Label>}
          {!inUse &&
            views.map((view) => (
              <Menu.Item
                key={`update-${view._id}`}
                onClick={() =>
                  update.mutateAsync({ _id: view._id, ...payload }).then(() => notifySuccess(`View ${view.name} updated`), notifyFailure)
                }
              >
                Update “{view.name}”
              </Menu.Item>
            ))}
          {inUse && (
            <Menu.Item
              color="red"
              onClick={() =>
                remove.mutateAsync({ _id: inUse._id }).then(() => {
                  notifySuccess(`View ${inUse.name} deleted`);
                  props.onPick(props.current, null);
                }, notifyFailure)
              }
            >
              Delete “{inUse.name}”
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={naming} onClose={() => setNaming(false)} title="Save this view">
        <Stack
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextInput label="View name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNaming(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save view
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};

/** Shows and hides the list's columns; the choice is part of the view. */
export const ColumnsMenu = (props: {
  all: readonly { key: string; header: string; optional?: boolean }[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) => {
  const shown = new Set(visibleColumns(props.all, props.chosen).map((column) => column.key));
  return (
    <Menu position="bottom-end" closeOnItemClick={false} withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />} aria-label="Choose columns">
          Columns
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Columns shown</Menu.Label>
        {props.all.map((column) => (
          <Menu.Item key={column.key} onClick={() => props.onChange(toggleColumn(props.all, props.chosen, column.key))}>
            <Checkbox label={column.header} checked={shown.has(column.key)} readOnly tabIndex={-1} />
          </Menu.Item>
        ))}
        {props.chosen.length > 0 && (
          <Menu.Item onClick={() => props.onChange([])}>
            {props.all.some((column) => column.optional) ? 'Default columns' : 'Show all'}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
};

/** Downloads, as CSV, every row the list's search and filter match (not just the page shown). */
export const ExportButton = (props: { resource: ResourceDefinition; search: string; filter: Record<string, unknown> }) => {
  const can = useCan();
  const [busy, setBusy] = useState(false);
  const path = siblingOfList(props.resource, 'export');
  if (!path || props.resource.tenancy !== 'organisation' || !can.do(props.resource, 'list')) return null;
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile({ path, body: { search: props.search, filter: props.filter }, fallbackName: `${props.resource.table}.csv` });
    } catch (failure) {
      notifyFailure(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={run} loading={busy} aria-label="Export as CSV">
      Export
    </Button>
  );
};
