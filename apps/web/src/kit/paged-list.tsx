import type { ListRequest, ListResult } from '@app/contract/conventions/list';
import { Box, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconSearchOff, IconTable } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { EmptyState } from './empty-state';
import { type FilterControl, FilterSelect, filterOf, SearchBox } from './list-filters';
import { ListFooter } from './list-footer';
import { messageOf } from './notify';
import { plural } from './words';

export type PagedListProps<Row> = {
  /** The query's key; the request is added to it. */
  queryKey: readonly unknown[];
  load: (request: ListRequest, signal: AbortSignal) => Promise<ListResult<Row>>;
  /** One row in words ("application"). */
  noun: string;
  filters?: readonly FilterControl[];
  searchPlaceholder?: string;
  pageSize?: number;
  /** What the empty state says and offers when there is nothing yet. */
  empty?: { title?: string; message?: ReactNode; action?: ReactNode; icon?: ReactNode };
  /** The rows of one page. */
  children: (rows: Row[]) => ReactNode;
};

/**
 * A list read through a workflow that takes the list request (my applications, a job's applicants):
 * debounced server-side search, filters, pages, and the loading, empty and failure states that
 * `ResourceList` shows, around rows drawn by the caller.
 */
export const PagedList = <Row,>({
  queryKey,
  load,
  noun,
  filters = [],
  searchPlaceholder,
  pageSize = 10,
  empty,
  children,
}: PagedListProps<Row>) => {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const request: ListRequest = {
    page,
    limit: pageSize,
    search: debouncedSearch,
    filter: filterOf(filters, filter),
  };
  const list = useQuery({
    queryKey: [...queryKey, request],
    queryFn: ({ signal }) => load(request, signal),
    placeholderData: keepPreviousData,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts from the first page
  useEffect(() => setPage(1), [debouncedSearch, filter]);
  useEffect(() => {
    const totalPages = list.data?.totalPages ?? 0;
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [list.data?.totalPages, page]);

  const searching = debouncedSearch !== '' || Object.values(filter).some(Boolean);
  const data = list.data;

  const body = () => {
    if (list.isPending) return <LoadingRows />;
    if (list.isError)
      return (
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
    if (!data || data.results.length === 0)
      return searching ? (
        <EmptyState icon={<IconSearchOff size={24} />} title={`No ${plural(noun)} match`} message="Try other words or clear the filters." />
      ) : (
        <EmptyState
          icon={empty?.icon ?? <IconTable size={24} />}
          title={empty?.title ?? `No ${plural(noun)} yet`}
          message={empty?.message}
          action={empty?.action}
        />
      );
    return <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>{children(data.results)}</Box>;
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox value={search} onChange={setSearch} placeholder={searchPlaceholder} />
        {filters.map((control) => (
          <FilterSelect
            key={control.key}
            control={control}
            value={filter[control.key] ?? ''}
            onChange={(value) => setFilter((current) => ({ ...current, [control.key]: value }))}
          />
        ))}
      </Group>
      {body()}
      <ListFooter data={data} page={page} onPage={setPage} />
    </Stack>
  );
};

const LoadingRows = () => (
  <Paper withBorder p="md" aria-busy="true" role="status" aria-label="Loading">
    <Stack gap="md">
      {[1, 2, 3].map((row) => (
        <Stack key={row} gap={6}>
          <Skeleton height={16} width="40%" radius="sm" />
          <Skeleton height={12} width="70%" radius="sm" />
        </Stack>
      ))}
    </Stack>
  </Paper>
);
