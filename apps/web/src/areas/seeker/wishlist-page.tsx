import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHeart, IconSearchOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../kit/empty-state';
import { SearchBox } from '../../kit/list-filters';
import { ListFooter } from '../../kit/list-footer';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { StatusBadge } from '../../kit/status-badge';
import { formatDate, placeText, salaryText } from '../board/labels';
import { useAppliedJobs } from '../board/use-applied-jobs';
import { useWishlist, type WishlistJob } from '../board/use-wishlist';
import { WishlistButton } from '../board/wishlist-button';

const pageSize = 10;

const matches = (job: WishlistJob, words: string) =>
  `${job.title} ${job.companyName} ${placeText(job.address)}`.toLowerCase().includes(words.toLowerCase());

const SavedJob = ({ job, applied }: { job: WishlistJob; applied?: string }) => (
  <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="article" aria-label={job.title}>
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={`/jobs/${job.slug}`} fw={650} fz="lg" c="brand.9">
          {job.title}
        </Anchor>
        <Text size="sm">{[job.companyName, placeText(job.address), salaryText(job.salaries?.[0])].filter(Boolean).join(' · ')}</Text>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            Saved {formatDate(job.savedAt)}
          </Text>
          {job.status !== 'PUBLISHED' && (
            <Badge color="gray" variant="outline" radius="sm" size="sm">
              No longer open
            </Badge>
          )}
          {applied && <StatusBadge value={applied} />}
        </Group>
      </Stack>
      <WishlistButton jobId={job._id} jobTitle={job.title} />
    </Group>
  </Paper>
);

/** /seeker/wishlist: the jobs saved for later, searchable and in pages. */
export const WishlistPage = () => {
  const wishlist = useWishlist();
  const applied = useAppliedJobs();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const words = search.trim();
  const rows = (wishlist.data ?? []).filter((job) => !words || matches(job, words));
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, totalPages);
  const shown = rows.slice((current - 1) * pageSize, current * pageSize);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new words start from the first page
  useEffect(() => setPage(1), [words]);

  const body = () => {
    if (wishlist.isPending) return <Skeleton height={120} radius="md" />;
    if (wishlist.isError)
      return (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          colour="red"
          title="Your wishlist could not be loaded"
          message={messageOf(wishlist.error)}
        />
      );
    if (wishlist.data.length === 0)
      return (
        <EmptyState
          icon={<IconHeart size={24} />}
          title="No saved jobs yet"
          message="Tap the heart on a job to keep it here for later."
          action={
            <Button component={Link} to="/jobs">
              Find jobs
            </Button>
          }
        />
      );
    if (rows.length === 0) return <EmptyState icon={<IconSearchOff size={24} />} title="No saved jobs match" message="Try other words." />;
    return (
      <Stack gap="sm">
        {shown.map((job) => (
          <SavedJob key={job._id} job={job} applied={applied.get(job._id)?.status} />
        ))}
      </Stack>
    );
  };

  return (
    <Stack gap="md" maw={920}>
      <PageHeader title="Wishlist" description="Jobs you saved to look at again or apply for later." />
      <Group>
        <SearchBox value={search} onChange={setSearch} placeholder="Job title, company or place" />
      </Group>
      {body()}
      <ListFooter
        data={{
          totalResults: rows.length,
          totalPages,
          fromTo: { from: (current - 1) * pageSize + 1, to: (current - 1) * pageSize + shown.length },
        }}
        page={current}
        onPage={setPage}
      />
    </Stack>
  );
};
