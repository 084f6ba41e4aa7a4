import type { ListResult } from '@app/contract/conventions/list';
import { Group, Pagination, Text } from '@mantine/core';
import { resultCount } from './result-count';
import { capitalise } from './words';

/** Under every list: which rows are showing, and the pages. */
export const ListFooter = ({
  data,
  page,
  onPage,
}: {
  data: Pick<ListResult<unknown>, 'totalResults' | 'totalResultsCapped' | 'totalPages' | 'fromTo'> | undefined;
  page: number;
  onPage: (page: number) => void;
}) =>
  data && data.totalResults > 0 ? (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {data.fromTo.from}–{data.fromTo.to} of {resultCount(data)}
      </Text>
      {data.totalPages > 1 && (
        <Pagination
          total={data.totalPages}
          value={page}
          onChange={onPage}
          size="sm"
          siblings={1}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          getControlProps={(control) => ({ 'aria-label': `${capitalise(control)} page` })}
        />
      )}
    </Group>
  ) : null;
