import { Group, Skeleton, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBriefcaseOff, IconSearchOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../kit/empty-state';
import { SearchBox } from '../../kit/list-filters';
import { ListFooter } from '../../kit/list-footer';
import { messageOf } from '../../kit/notify';
import { resultCount } from '../../kit/result-count';
import { useAppliedJobs } from '../board/use-applied-jobs';
import { JobCard } from '../jobs/job-card';
import { emptySearch, toRequest } from '../jobs/search-params';
import { useJobSearch } from '../jobs/use-job-search';

/** A company's open jobs: the public search kept to that company, with its own words and pages. */
export const CompanyJobs = ({ companyId, companyName }: { companyId: string; companyName: string }) => {
  const [search, setSearch] = useState('');
  const [words] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const request = { ...toRequest({ ...emptySearch, q: words, sort: 'date', page }), filter: { recruiterId: companyId } };
  const jobs = useJobSearch(request);
  const applied = useAppliedJobs();
  // biome-ignore lint/correctness/useExhaustiveDependencies: new words start from the first page
  useEffect(() => setPage(1), [words]);

  const body = () => {
    if (jobs.isPending) return <Skeleton height={120} radius="md" />;
    if (jobs.isError)
      return (
        <EmptyState icon={<IconSearchOff size={24} />} colour="red" title="The jobs could not be loaded" message={messageOf(jobs.error)} />
      );
    if (jobs.data.results.length === 0) {
      return words ? (
        <EmptyState icon={<IconSearchOff size={24} />} title="No jobs match" message="Try other words." />
      ) : (
        <EmptyState
          icon={<IconBriefcaseOff size={24} />}
          title="No open jobs right now"
          message={`${companyName} has no jobs open at the moment.`}
        />
      );
    }
    return (
      <Stack gap="sm" style={{ opacity: jobs.isPlaceholderData ? 0.6 : 1 }}>
        {jobs.data.results.map((job) => (
          <JobCard key={job._id} job={job} hideCompany applied={applied.get(job._id)?.status} />
        ))}
      </Stack>
    );
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="open-jobs-heading">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} fz="xl" id="open-jobs-heading">
          Open jobs{jobs.data && !words ? ` (${resultCount(jobs.data)})` : ''}
        </Title>
        <Group style={{ flex: '0 1 22rem' }}>
          <SearchBox value={search} onChange={setSearch} placeholder="Search this company's jobs" />
        </Group>
      </Group>
      {body()}
      <ListFooter data={jobs.data} page={page} onPage={setPage} />
    </Stack>
  );
};
