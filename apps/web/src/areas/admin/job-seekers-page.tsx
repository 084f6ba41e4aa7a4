import { fullNameOf } from '@app/contract/conventions/common';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ResourceList } from '../../kit/resource-list';
import { RowLink } from '../../kit/row-actions';
import { StatusBadge } from '../../kit/status-badge';
import { formatDateTime } from '../../kit/words';
import { placeText } from '../board/labels';
import { adminJobSeekers } from './admin-resources';
import { jobSeekerFields } from './job-seeker-fields';

const form = { fields: jobSeekerFields };

/** /admin/job-seekers: everyone looking for work on the board; open one for their profile, references and notes. */
export const JobSeekersPage = () => (
  <ResourceList
    resource={adminJobSeekers}
    title="Job seekers"
    description="Everyone registered to find work, and those added by admins."
    noun="job seeker"
    searchPlaceholder="Name, email, phone or JS number"
    rowLabel={(row) => row.name.fullName || fullNameOf(row.name)}
    form={form}
    removeMessage="Their account is closed and they are signed out at once."
    rowExtra={(row) => (
      <RowLink name={`View ${row.name.fullName || fullNameOf(row.name)}`} to={`/admin/job-seekers/${row._id}`}>
        <IconEye size={18} aria-hidden />
      </RowLink>
    )}
    columns={[
      {
        key: 'name',
        header: 'Name',
        linksItself: true,
        render: (row) => (
          <Stack gap={0}>
            <Anchor component={Link} to={`/admin/job-seekers/${row._id}`} fw={600} size="sm">
              {row.name.fullName || fullNameOf(row.name)}
            </Anchor>
            <Text size="xs" c="dimmed">
              {row.itemId?.combined}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'email',
        header: 'Contact',
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.email}</Text>
            <Text size="xs" c="dimmed">
              {row.phone}
            </Text>
          </Stack>
        ),
      },
      { key: 'address', header: 'Place', render: (row) => placeText(row.address) },
      { key: 'appliedJobCount', header: 'Applications' },
      { key: 'referencesCount', header: 'References' },
      { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
      { key: 'createdAt', header: 'Joined', render: (row) => formatDateTime(row.createdAt) },
    ]}
  />
);
