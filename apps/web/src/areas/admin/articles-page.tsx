import { article } from '@app/contract/resources/content/article';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../kit/can';
import { ResourceList } from '../../kit/resource-list';
import { RowLink } from '../../kit/row-actions';
import { StatusBadge } from '../../kit/status-badge';
import { formatDateTime } from '../../kit/words';
import { formatDate } from '../board/labels';

const statusLabels = { DRAFT: 'Back to draft', PUBLISHED: 'Publish', ARCHIVED: 'Archive' };

const WriteButton = () =>
  useCan().do(article, 'create') ? (
    <Button component={Link} to="/admin/articles/new" leftSection={<IconPlus size={18} aria-hidden />}>
      Write an article
    </Button>
  ) : null;

/** /admin/articles: every article in every status; published ones are public at /articles/<slug>. */
export const ArticlesPage = () => (
  <ResourceList
    resource={article}
    title="Articles"
    description="Drafts stay private; published articles are public from their publish date; archived ones leave the site."
    noun="article"
    searchPlaceholder="Title, summary, address or tags"
    rowLabel={(row) => row.title}
    action={<WriteButton />}
    editTo={(row) => `/admin/articles/${row._id}/edit`}
    statusLabels={statusLabels}
    emptyMessage="Write the first article; it stays a draft until you publish it."
    rowExtra={(row) =>
      row.status === 'PUBLISHED' ? (
        <RowLink name={`View ${row.title}`} href={`/articles/${row.slug}`}>
          <IconExternalLink size={18} aria-hidden />
        </RowLink>
      ) : null
    }
    columns={[
      {
        key: 'title',
        header: 'Title',
        wrap: true,
        render: (row) => (
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600}>
                {row.title}
              </Text>
              {row.isFeatured && (
                <Badge size="xs" variant="light" color="grape" radius="sm">
                  Featured
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              /articles/{row.slug}
            </Text>
          </Stack>
        ),
      },
      { key: 'author', header: 'Author', render: (row) => row.author?.name ?? '' },
      { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
      { key: 'publishDate', header: 'Published', render: (row) => formatDate(row.publishDate) },
      { key: 'updatedAt', header: 'Last changed', render: (row) => formatDateTime(row.updatedAt) },
    ]}
  />
);
