import { ActionIcon, Tooltip } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { JobRecord } from '../board/types';
import { JobStatusActions } from './job-status-actions';

const LinkAction = ({ to, name, children }: { to: string; name: string; children: ReactNode }) => (
  <Tooltip label={name.split(' ')[0]} withArrow openDelay={300}>
    <ActionIcon component={Link} to={to} variant="subtle" color="gray" size="lg" aria-label={name}>
      {children}
    </ActionIcon>
  </Tooltip>
);

/** What a recruiter does with one of their jobs besides opening it: editing, seeing it on the board, publishing and closing. */
export const JobRowActions = ({ row }: { row: JobRecord }) => (
  <>
    <LinkAction to={`/company/jobs/${row._id}/edit`} name={`Edit ${row.title}`}>
      <IconPencil size={18} aria-hidden />
    </LinkAction>
    {row.status === 'PUBLISHED' && (
      <LinkAction to={`/jobs/${row.slug}`} name={`View ${row.title} on the board`}>
        <IconEye size={18} aria-hidden />
      </LinkAction>
    )}
    <JobStatusActions row={row} />
  </>
);
