import type { ListResult } from '@app/contract/conventions/list';
import { Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconFilePlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../kit/empty-state';
import { ListFooter } from '../../kit/list-footer';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';

type DocumentListProps<Row extends { _id: string }> = {
  title: string;
  description: ReactNode;
  /** "CV", "cover letter". */
  noun: string;
  newTo: string;
  newLabel: string;
  emptyMessage: ReactNode;
  list: UseQueryResult<ListResult<Row>>;
  page: number;
  onPage: (page: number) => void;
  card: (row: Row) => ReactNode;
  /** Dialogs the page opens (delete). */
  children?: ReactNode;
};

/** A seeker's documents as cards, with the loading, empty and failed states every list has. */
export const DocumentList = <Row extends { _id: string }>(props: DocumentListProps<Row>) => {
  const { list } = props;
  const newButton = (
    <Button component={Link} to={props.newTo} leftSection={<IconFilePlus size={18} aria-hidden />}>
      {props.newLabel}
    </Button>
  );

  const body = () => {
    if (list.isPending) {
      return (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" role="status" aria-label={`Loading your ${props.noun}s`}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} height={180} radius="md" />
          ))}
        </SimpleGrid>
      );
    }
    if (list.isError) {
      return (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          colour="red"
          title={`Your ${props.noun}s could not be loaded`}
          message={messageOf(list.error)}
          action={
            <Button variant="light" onClick={() => list.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    if (list.data.results.length === 0) {
      return (
        <EmptyState icon={<IconFilePlus size={24} />} title={`No ${props.noun}s yet`} message={props.emptyMessage} action={newButton} />
      );
    }
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {list.data.results.map((row) => props.card(row))}
      </SimpleGrid>
    );
  };

  return (
    <Stack gap="md">
      <PageHeader title={props.title} description={props.description} action={newButton} />
      {body()}
      <ListFooter data={list.data} page={props.page} onPage={props.onPage} />
      {props.children}
    </Stack>
  );
};
