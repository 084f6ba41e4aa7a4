import { Stack, Text } from '@mantine/core';
import type { Column } from '../../kit/resource-list';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import type { Tailoring } from '../../kit/tailor';
import type { RecordOf } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { adminAuthors } from './admin-resources';

const fields = {
  change: {
    name: { half: true, description: 'As it appears on articles.' },
    fullName: { half: true },
    profile: { description: 'A line or two about them, shown with their articles.' },
    img: { label: 'Photo' },
  },
};

const columns: Tailoring<Column<RecordOf<typeof adminAuthors>>> = {
  omit: ['fullName'],
  change: {
    name: {
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.fullName}
          </Text>
        </Stack>
      ),
    },
  },
  add: [{ key: 'updatedAt', header: 'Last changed', render: (row) => formatDateTime(row.updatedAt) }],
};

export const authorScreen = screenTailoring({ resource: adminAuthors, fields, columns });

/** /admin/authors: who articles are written by; an article keeps its author's card from when it was saved. */
export const AuthorsPage = () => (
  <ResourceScreen
    {...authorScreen}
    description="The people articles are written by."
    searchPlaceholder="Name"
    rowLabel={(row) => row.name}
    removeMessage="Articles already written keep their name."
  />
);
