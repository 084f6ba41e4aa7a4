import { bulkActionsOf, siblingOfList } from '@app/contract/conventions/bulk';
import type { ListRequest } from '@app/contract/conventions/list';
import type { ResourceDefinition } from '@app/contract/define-resource';
import { Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconLock, IconPlus, IconSearchOff, IconTable } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from './api';
import { BulkBar } from './bulk-bar';
import { isSelected, noSelection, pageState, type Selection, togglePage, toggleRow } from './bulk-selection';
import { mayDo, useCan } from './can';
import { ConfirmModal } from './confirm-modal';
import { deriveFilters } from './derive-fields';
import { EmptyState } from './empty-state';
import { enumOptions } from './enum-options';
import type { FieldDescriptor, FormMode } from './field-descriptor';
import { getPath } from './form-values';
import { type FilterControl, FilterSelect, filterOf, SearchBox } from './list-filters';
import { ListFooter } from './list-footer';
import { listKeyAction, movedRow } from './list-keys';
import { ColumnsMenu, ExportButton, SavedViewsMenu } from './list-toolbar';
import {
  columnSorts,
  emptyView,
  type ListView,
  localViewKey,
  nextSort,
  readLocalView,
  serverSortOf,
  sortRows,
  visibleColumns,
} from './list-view';
import { NameCell, nameColumnOf } from './name-cell';
import { messageOf, notifyFailure, notifySuccess } from './notify';
import { PageHeader } from './page-header';
import { usePermissions } from './permissions';
import { openParam, recordPageOf } from './record-paths';
import { ResourceFormModal } from './resource-form';
import { RowActions } from './row-actions';
import { useSession } from './session';
import cards from './table-cards.module.css';
import { type RecordOf, useDetails, useList, useRemove, useSetStatus } from './use-resource';
import { capitalise, humanise, plural, sentence } from './words';

/**
 * A table column; cells stay on one line unless `wrap` is set for long text. On phones each row is a card of "header: value" lines.
 * An `optional` one is shown only once a user adds it from the Columns menu.
 */
export type Column<Row> = {
  key: string;
  header: string;
  render?: (row: Row) => ReactNode;
  wrap?: boolean;
  optional?: boolean;
  /** The render links to the record itself: the list does not wrap the name in a link of its own (a link in a link). */
  linksItself?: boolean;
};

export type ResourceListProps<D extends ResourceDefinition> = {
  resource: D;
  title: string;
  description?: ReactNode;
  /** One record in words ("organisation", "staff member"). */
  noun: string;
  columns: readonly Column<RecordOf<D>>[];
  /** Names a row in action labels and confirmations ("Edit Acme Ltd"). */
  rowLabel: (row: RecordOf<D>) => string;
  /** The filters to show; by default the definition's (enums, yes/no, references: see `deriveFilters`). */
  filters?: readonly FilterControl[];
  searchPlaceholder?: string;
  /** Create and edit forms; the create and edit actions appear only with it. */
  form?: {
    fields: readonly FieldDescriptor[];
    defaults?: Record<string, unknown>;
    toPayload?: (payload: Record<string, unknown>, mode: FormMode) => Record<string, unknown>;
  };
  canEdit?: (row: RecordOf<D>) => boolean;
  canRemove?: (row: RecordOf<D>) => boolean;
  canSetStatus?: (row: RecordOf<D>) => boolean;
  rowExtra?: (row: RecordOf<D>) => ReactNode;
  /** Shown under the edit form of an opened record (what is linked to it, its history). */
  recordExtra?: (row: RecordOf<D>) => ReactNode;
  /** What deactivating means for this kind of record, said before it happens. */
  deactivateMessage?: string;
  /** What deleting means beyond leaving the lists (an account closed), said before it happens. */
  removeMessage?: string;
  /** The header's main action when it is not the create form (a link to a page of its own). */
  action?: ReactNode;
  /** Said in the empty state when there are no records yet. */
  emptyMessage?: ReactNode;
  /** Filter values every request carries (the references of one job seeker). */
  fixedFilter?: Record<string, unknown>;
  /** Edits on a page of its own (an article and its rich text) instead of in a dialog. */
  editTo?: (row: RecordOf<D>) => string;
  /** Edits in a dialog of the screen's own (the candidate form, which warns of duplicates) instead of the derived one. */
  onEditRow?: (row: RecordOf<D>) => void;
  /** Menu wording for statuses beyond active/inactive ({ PUBLISHED: 'Publish' }); "Set to …" otherwise. */
  statusLabels?: Partial<Record<string, string>>;
  /** 2 when the list is one part of a longer page: its title is a section heading, not the page's. */
  headingOrder?: 1 | 2;
};

const pageSize = 10;

/** Active/inactive is a toggle; any other set of statuses (draft, published, archived) is a menu of the others. */
const statusChoicesOf = (resource: ResourceDefinition, labels: Partial<Record<string, string>> = {}) => {
  const options = enumOptions(resource.status);
  if (!options || options.map((o) => o.value).join() === 'ACTIVE,INACTIVE') return undefined;
  return options.map((o) => ({ value: o.value, label: labels[o.value] ?? `Set to ${o.label.toLowerCase()}` }));
};

/**
 * A resource's list screen: server-side search, filters and pages, with the row actions the
 * definition has and the signed-in user may make: by user type, and for CRM users by their
 * permissions (the server checks again; its 403 shows as the no-access state).
 */
export const ResourceList = <D extends ResourceDefinition>(props: ResourceListProps<D>) => {
  const { resource, noun, columns, rowLabel, form } = props;
  const can = useCan();
  const filters = useMemo(() => props.filters ?? deriveFilters(resource), [props.filters, resource]);

  // The list's view (search, filters, columns, sort) starts where this user left it, kept in the browser.
  const { user } = useSession();
  const storageKey = localViewKey(user?._id, resource.name);
  const storage = typeof window === 'undefined' ? undefined : window.localStorage;
  // Only the columns and sort come back by themselves; a search or filter comes back through a saved view.
  const [initial] = useState<ListView>(() => {
    const kept = props.fixedFilter ? undefined : readLocalView(storage, storageKey);
    return kept ? { ...emptyView, columns: kept.columns, sort: kept.sort } : emptyView;
  });
  const [search, setSearch] = useState(initial.search);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter] = useState<Record<string, string>>(initial.filter);
  const [chosenColumns, setChosenColumns] = useState<string[]>(initial.columns);
  const [sort, setSort] = useState<ListView['sort']>(initial.sort);
  const view: ListView = { search, filter, columns: chosenColumns, sort };
  // biome-ignore lint/correctness/useExhaustiveDependencies: saved whenever the view changes
  useEffect(() => {
    if (props.fixedFilter) return;
    try {
      storage?.setItem(storageKey, JSON.stringify({ ...emptyView, columns: chosenColumns, sort }));
    } catch {
      // A full or refused storage only loses the remembered view.
    }
  }, [storageKey, chosenColumns, sort]);
  const pickView = (picked: ListView) => {
    setSearch(picked.search);
    setFilter(picked.filter);
    setChosenColumns(picked.columns);
    setSort(picked.sort);
  };
  const shownColumns = useMemo(() => visibleColumns(columns, chosenColumns), [columns, chosenColumns]);

  const [page, setPage] = useState(1);
  const listFilter = { ...filterOf(filters, filter), ...props.fixedFilter };
  const request: Partial<ListRequest> = {
    page,
    limit: pageSize,
    search: debouncedSearch,
    filter: listFilter,
    sort: serverSortOf(sort, resource.sortable),
  };
  // A list this user may not read is not asked for: the screen says so at once, and the browser logs no refused call.
  const permissions = usePermissions();
  const refused = !mayDo(user?.userType, resource, 'list') || (permissions !== 'loading' && !can.do(resource, 'list'));
  const list = useList(resource, request, { enabled: !refused });
  const [selection, setSelection] = useState<Selection>(noSelection);

  // A new search, filter or sort starts from the first page, with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetting on these inputs is the point
  useEffect(() => {
    setPage(1);
    setSelection(noSelection);
  }, [debouncedSearch, filter, sort]);
  // After the last row of the last page goes, show the page before it.
  useEffect(() => {
    const totalPages = list.data?.totalPages ?? 0;
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [list.data?.totalPages, page]);

  // `view`: the record opened by someone who may not change it, its form shown read only.
  const [editing, setEditing] = useState<{ mode: FormMode; row?: RecordOf<D>; view?: boolean } | null>(null);
  const [removing, setRemoving] = useState<RecordOf<D> | null>(null);
  const [deactivating, setDeactivating] = useState<RecordOf<D> | null>(null);
  const remove = useRemove(resource);
  const setStatus = useSetStatus(resource);

  const navigate = useNavigate();
  const statusChoices = useMemo(() => statusChoicesOf(resource, props.statusLabels), [resource, props.statusLabels]);
  const mayCreate = Boolean(form) && can.do(resource, 'create');
  const mayEdit = Boolean(form || props.editTo) && can.do(resource, 'update');
  const mayRemove = can.do(resource, 'remove');
  const maySetStatus = can.do(resource, 'setStatus');
  const hasActions = mayEdit || mayRemove || maySetStatus || Boolean(props.rowExtra);
  const edit = (row: RecordOf<D>) =>
    props.editTo ? navigate(props.editTo(row)) : props.onEditRow ? props.onEditRow(row) : setEditing({ mode: 'edit', row });
  /** Opens a record without a page of its own: its edit form for who may change it, else the same form read only. */
  const opener = (row: RecordOf<D>) => {
    if (mayEdit && (props.canEdit?.(row) ?? true)) return () => edit(row);
    return form ? () => setEditing({ mode: 'edit', row, view: true }) : undefined;
  };
  const nameKey = nameColumnOf(shownColumns, resource);

  // A link that names a record of this list (`?open=<id>`, from another screen or a mail) opens it on arrival.
  const [params, setParams] = useSearchParams();
  const nested = props.headingOrder === 2 || Boolean(props.fixedFilter);
  const openId = nested || refused ? undefined : (params.get(openParam) ?? undefined);
  const linked = useDetails(resource, openId);
  const forgetOpen = () => {
    if (!params.has(openParam)) return;
    setParams(
      (current) => {
        current.delete(openParam);
        return current;
      },
      { replace: true },
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, when the linked record arrives
  useEffect(() => {
    if (linked.data) opener(linked.data)?.();
    if (linked.isError) {
      notifyFailure(linked.error);
      forgetOpen();
    }
  }, [linked.data, linked.isError]);

  // Rows can be ticked where the list has its bulk call and the user may take one of its actions as the server checks them.
  const mayBulk =
    resource.tenancy === 'organisation' &&
    Boolean(siblingOfList(resource, 'bulk')) &&
    !props.fixedFilter &&
    bulkActionsOf(resource).some((action) => can.bulk(resource, action));

  const changeStatus = async (row: RecordOf<D>, to?: string) => {
    const status = to ?? ((row as { status?: unknown }).status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE');
    try {
      await setStatus.mutateAsync({ _id: row._id, status });
      notifySuccess(`${rowLabel(row)} is now ${humanise(status).toLowerCase()}`);
      setDeactivating(null);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ _id: removing._id });
      notifySuccess(`${rowLabel(removing)} deleted`);
      setRemoving(null);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const searching = debouncedSearch !== '' || Object.values(filter).some(Boolean);
  const data = list.data;
  // A definition with sortable fields has its server sort the whole list; another's page is sorted here.
  const serverSorts = (resource.sortable?.length ?? 0) > 0;
  const rows = useMemo(
    () => (serverSorts ? (data?.results ?? []) : sortRows(data?.results ?? [], sort, (row, key) => getPath(row, key))),
    [data?.results, sort, serverSorts],
  );
  const pageIds = rows.map((row) => row._id);

  // Keys: j/k move between rows, [ and ] turn pages, / goes to the search, x ticks the row, Enter edits it.
  const frame = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(-1);
  const keys = { rows, page, totalPages: data?.totalPages ?? 0, focused, mayBulk, mayEdit };
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useEffect(() => {
    if (props.headingOrder === 2) return; // A list inside a longer page leaves the keys to the page.
    const onKey = (event: KeyboardEvent) => {
      const action = listKeyAction({ ...event, key: event.key, target: event.target as HTMLElement | null });
      if (!action || document.querySelector('[role="dialog"]')) return;
      const now = keysRef.current;
      const rowElement = (index: number) => frame.current?.querySelectorAll<HTMLElement>('tbody tr')[index];
      if (action === 'focus-search') frame.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
      else if (action === 'next-page' && now.page < now.totalPages) setPage(now.page + 1);
      else if (action === 'previous-page' && now.page > 1) setPage(now.page - 1);
      else if (action === 'next-row' || action === 'previous-row') {
        const next = movedRow(now.focused, action, now.rows.length);
        setFocused(next);
        rowElement(next)?.focus();
      } else if (action === 'toggle-row' && now.mayBulk && now.rows[now.focused]) {
        const id = now.rows[now.focused]?._id as string;
        setSelection((current) =>
          toggleRow(
            current,
            id,
            now.rows.map((row) => row._id),
          ),
        );
      } else if (action === 'open-row' && now.mayEdit && now.rows[now.focused] && document.activeElement === rowElement(now.focused)) {
        const row = now.rows[now.focused] as RecordOf<D>;
        if (props.editTo) navigate(props.editTo(row));
        else if (props.onEditRow) props.onEditRow(row);
        else if (form) setEditing({ mode: 'edit', row });
      } else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [props.headingOrder, props.editTo, props.onEditRow, navigate, form]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts without a focused row
  useEffect(() => setFocused(-1), [page]);

  const body = () => {
    const noAccess = (message: string) => (
      <EmptyState
        icon={<IconLock size={24} />}
        colour="yellow"
        title={`You don't have access to ${plural(noun)}`}
        message={`${sentence(message)} Ask an administrator if you need it.`}
      />
    );
    if (refused) return noAccess('You are not allowed to do this');
    if (list.isPending) return <LoadingTable columns={shownColumns.length + (hasActions ? 1 : 0)} />;
    if (list.isError) {
      const forbidden = isApiError(list.error) && list.error.status === 403;
      return forbidden ? (
        noAccess(messageOf(list.error))
      ) : (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          colour="red"
          title={`Could not load ${plural(noun)}`}
          message={messageOf(list.error)}
          action={
            <Button variant="light" onClick={() => list.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    if (!data || data.results.length === 0) {
      return searching ? (
        <EmptyState icon={<IconSearchOff size={24} />} title={`No ${plural(noun)} match`} message="Try other words or clear the filters." />
      ) : (
        <EmptyState
          icon={<IconTable size={24} />}
          title={`No ${plural(noun)} yet`}
          message={props.emptyMessage ?? (mayCreate ? `Add the first ${noun} to see it here.` : undefined)}
          action={props.action ?? (mayCreate && <AddButton noun={noun} onClick={() => setEditing({ mode: 'create' })} />)}
        />
      );
    }
    return (
      <Paper withBorder radius="md" className={cards.frame}>
        <Table.ScrollContainer minWidth={640} type="native" className={cards.scroll}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label={props.title} className={cards.table}>
            <Table.Thead>
              <Table.Tr>
                {mayBulk && (
                  <Table.Th w={1}>
                    <Checkbox
                      aria-label={`Select all ${plural(noun)} on this page`}
                      checked={pageState(selection, pageIds) === 'all'}
                      indeterminate={pageState(selection, pageIds) === 'some'}
                      onChange={() => setSelection((current) => togglePage(current, pageIds))}
                    />
                  </Table.Th>
                )}
                {shownColumns.map((column) => (
                  <Table.Th
                    key={column.key}
                    aria-sort={sort?.key === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {columnSorts(column.key, resource.sortable) ? (
                      <UnstyledButton
                        onClick={() => setSort((current) => nextSort(current, column.key))}
                        aria-label={serverSorts ? `Sort by ${column.header}` : `Sort this page by ${column.header}`}
                        fw={600}
                        fz="sm"
                      >
                        <Group gap={4} wrap="nowrap">
                          {column.header}
                          {sort?.key === column.key &&
                            (sort.direction === 'asc' ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden />)}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      <Text fw={600} fz="sm">
                        {column.header}
                      </Text>
                    )}
                  </Table.Th>
                ))}
                {hasActions && (
                  <Table.Th ta="right" w={1}>
                    Actions
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {rows.map((row, index) => (
                <Table.Tr
                  key={row._id}
                  tabIndex={-1}
                  aria-selected={mayBulk ? isSelected(selection, row._id) : undefined}
                  onFocus={() => setFocused(index)}
                  className={cards.row}
                >
                  {mayBulk && (
                    <Table.Td data-label="">
                      <Checkbox
                        aria-label={`Select ${rowLabel(row)}`}
                        checked={isSelected(selection, row._id)}
                        onChange={() => setSelection((current) => toggleRow(current, row._id, pageIds))}
                      />
                    </Table.Td>
                  )}
                  {shownColumns.map((column) => (
                    <Table.Td
                      key={column.key}
                      data-label={column.header}
                      style={column.wrap ? { minWidth: '16rem' } : { whiteSpace: 'nowrap' }}
                    >
                      {column.key === nameKey && !column.linksItself ? (
                        <NameCell to={recordPageOf(resource.name, row._id)} onOpen={opener(row)}>
                          {column.render ? column.render(row) : String(getPath(row, column.key) ?? '')}
                        </NameCell>
                      ) : column.render ? (
                        column.render(row)
                      ) : (
                        String(getPath(row, column.key) ?? '')
                      )}
                    </Table.Td>
                  ))}
                  {hasActions && (
                    <Table.Td data-label="">
                      <RowActions
                        label={rowLabel(row)}
                        status={(row as { status?: unknown }).status}
                        extra={props.rowExtra?.(row)}
                        onEdit={mayEdit && (props.canEdit?.(row) ?? true) ? () => edit(row) : undefined}
                        onToggleStatus={
                          maySetStatus && !statusChoices && (props.canSetStatus?.(row) ?? true)
                            ? () => ((row as { status?: unknown }).status === 'ACTIVE' ? setDeactivating(row) : changeStatus(row))
                            : undefined
                        }
                        statusChoices={statusChoices}
                        onSetStatus={
                          maySetStatus && statusChoices && (props.canSetStatus?.(row) ?? true)
                            ? (status) => changeStatus(row, status)
                            : undefined
                        }
                        onRemove={mayRemove && (props.canRemove?.(row) ?? true) ? () => setRemoving(row) : undefined}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  };

  return (
    <Stack gap="md" ref={frame}>
      <PageHeader
        title={props.title}
        order={props.headingOrder}
        description={props.description}
        action={props.action ?? (mayCreate && <AddButton noun={noun} onClick={() => setEditing({ mode: 'create' })} />)}
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox value={search} onChange={setSearch} placeholder={props.searchPlaceholder} />
        {filters.map((control) => (
          <FilterSelect
            key={control.key}
            control={control}
            value={filter[control.key] ?? ''}
            onChange={(value) => setFilter((current) => ({ ...current, [control.key]: value }))}
          />
        ))}
        <Group gap="xs" ml="auto">
          {!props.fixedFilter && <SavedViewsMenu resource={resource} current={view} onPick={pickView} />}
          <ColumnsMenu all={columns} chosen={chosenColumns} onChange={setChosenColumns} />
          <ExportButton resource={resource} search={debouncedSearch} filter={listFilter} />
        </Group>
      </Group>
      {mayBulk && (
        <BulkBar
          resource={resource}
          noun={noun}
          selection={selection}
          total={data?.totalResults ?? 0}
          pageCount={rows.length}
          list={{ search: debouncedSearch, filter: listFilter }}
          onSelection={setSelection}
        />
      )}
      {body()}
      <ListFooter data={data} page={page} onPage={setPage} />
      {form && (
        <ResourceFormModal
          opened={editing !== null}
          onClose={() => {
            setEditing(null);
            forgetOpen();
          }}
          viewOnly={editing?.view}
          resource={resource}
          mode={editing?.mode ?? 'create'}
          record={editing?.row}
          fields={form.fields}
          defaults={form.defaults}
          toPayload={form.toPayload}
          noun={noun}
          extra={editing?.mode === 'edit' && editing.row && props.recordExtra ? props.recordExtra(editing.row) : undefined}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        title={`Delete ${removing ? rowLabel(removing) : noun}?`}
        message={`${capitalise(noun)} ${removing ? rowLabel(removing) : ''} will be removed from lists.${props.removeMessage ? ` ${props.removeMessage}` : ''} This cannot be undone here.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
      <ConfirmModal
        opened={deactivating !== null}
        title={`Deactivate ${deactivating ? rowLabel(deactivating) : noun}?`}
        message={props.deactivateMessage ?? 'It stays listed as inactive and can be activated again at any time.'}
        confirmLabel="Deactivate"
        loading={setStatus.isPending}
        onConfirm={() => deactivating && changeStatus(deactivating)}
        onClose={() => setDeactivating(null)}
      />
    </Stack>
  );
};

const AddButton = ({ noun, onClick }: { noun: string; onClick: () => void }) => (
  <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onClick}>
    Add {noun}
  </Button>
);

const LoadingTable = ({ columns }: { columns: number }) => (
  <Paper withBorder radius="md" p="md" aria-busy="true" role="status" aria-label="Loading">
    <Stack gap="sm">
      {Array.from({ length: 5 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
        <Group key={row} gap="md" wrap="nowrap">
          {Array.from({ length: Math.max(columns, 1) }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to key on
            <Skeleton key={cell} height={14} radius="sm" style={{ flex: 1 }} />
          ))}
        </Group>
      ))}
    </Stack>
  </Paper>
);
