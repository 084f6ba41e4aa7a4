import { Anchor, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconSearchOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from './api';
import { EmptyState } from './empty-state';
import { messageOf } from './notify';

type RecordPageProps<Row> = {
  query: UseQueryResult<Row>;
  /** One record in words ("job seeker"). */
  noun: string;
  back: { to: string; label: string };
  children: (row: Row) => ReactNode;
};

/** The way back from a record's page to its list. */
export const BackLink = ({ to, label }: { to: string; label: string }) => (
  <Anchor component={Link} to={to} size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}>
    <IconArrowLeft size={16} aria-hidden /> {label}
  </Anchor>
);

/** The page of one record (a job seeker, a company): a way back to the list, then loading, not-found and failure states around it. */
export const RecordPage = <Row,>({ query, noun, back, children }: RecordPageProps<Row>) => {
  const body = () => {
    if (query.isPending) {
      return (
        <Stack gap="md" aria-busy="true" role="status" aria-label={`Loading the ${noun}`}>
          <Skeleton height={36} width="50%" />
          <Skeleton height={160} />
          <Skeleton height={220} />
        </Stack>
      );
    }
    if (query.isError) {
      const missing = isApiError(query.error) && query.error.status === 404;
      return missing ? (
        <EmptyState icon={<IconSearchOff size={24} />} title={`This ${noun} was not found`} message="It may have been deleted." />
      ) : (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          colour="red"
          title={`The ${noun} could not be loaded`}
          message={messageOf(query.error)}
          action={
            <Button variant="light" onClick={() => query.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    return children(query.data);
  };
  return (
    <Stack gap="md">
      <BackLink {...back} />
      {body()}
    </Stack>
  );
};
