import { Badge, Box, Button, Container, Drawer, Grid, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconAlertTriangle, IconSearchOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { productName } from '../../app/brand';
import { isApiError } from '../../kit/api';
import { comboboxProps } from '../../kit/combobox';
import { EmptyState } from '../../kit/empty-state';
import { ListFooter } from '../../kit/list-footer';
import { messageOf } from '../../kit/notify';
import { resultCount } from '../../kit/result-count';
import type { JobSearchAnswer } from '../board/types';
import { useAppliedJobs } from '../board/use-applied-jobs';
import { JobCard } from './job-card';
import { SearchBar } from './search-bar';
import { SearchFilters } from './search-filters';
import { emptySearch, filterCount, readSearch, type SearchState, type Sort, sortOf, toRequest, writeSearch } from './search-params';
import { useJobSearch } from './use-job-search';

const sortOptions = [
  { value: 'relevance', label: 'Most relevant' },
  { value: 'date', label: 'Newest first' },
];
// Offered once there is a place to measure from.
const withDistance = [...sortOptions, { value: 'distance', label: 'Nearest first' }];

const summaryOf = (data: JobSearchAnswer, state: SearchState) => {
  const placeLabel = data.location?.label;
  const count = `${resultCount(data)} ${data.totalResults === 1 && !data.totalResultsCapped ? 'job' : 'jobs'}`;
  const words = state.q ? ` for “${state.q}”` : '';
  const where = placeLabel ? ` within ${state.radius} ${state.unit} of ${placeLabel}` : '';
  return `${count}${words}${where}`;
};

/** /jobs: the search, its filters and results; everything lives in the address, so a search can be shared and reloaded. */
export const JobSearchPage = () => {
  const [params, setParams] = useSearchParams();
  const state = readSearch(params);
  const search = useJobSearch(toRequest(state));
  const applied = useAppliedJobs();
  const [filtersOpen, filters] = useDisclosure(false);
  useDocumentTitle(`${state.q ? `${state.q} jobs` : 'Jobs'} – ${productName}`);

  const update = (patch: Partial<SearchState>) => setParams(writeSearch({ ...state, ...patch, page: patch.page ?? 1 }));
  const goToPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };

  const placeError = isApiError(search.error) ? search.error.errors.find((e) => e.field.startsWith('location'))?.message : undefined;
  const data = search.isError ? undefined : search.data;
  const activeFilters = filterCount(state);

  const results = () => {
    if (search.isPending) return <LoadingCards />;
    if (search.isError) {
      return placeError ? (
        <EmptyState icon={<IconSearchOff size={24} />} title="Check the place or postcode" message={placeError} />
      ) : (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          colour="red"
          title="The search did not work"
          message={messageOf(search.error)}
          action={
            <Button variant="light" onClick={() => search.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    if (!data || data.results.length === 0) {
      return (
        <EmptyState
          icon={<IconSearchOff size={24} />}
          title="No jobs match your search"
          message="Try fewer or other words, a wider distance, or fewer filters."
          action={
            (activeFilters > 0 || state.q || state.place) && (
              <Button variant="light" onClick={() => setParams(writeSearch(emptySearch))}>
                Show all jobs
              </Button>
            )
          }
        />
      );
    }
    return (
      <Stack gap="sm" style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }} aria-busy={search.isFetching}>
        {data.results.map((job) => (
          <JobCard key={job._id} job={job} unit={data.location?.unit ?? state.unit} applied={applied.get(job._id)?.status} />
        ))}
      </Stack>
    );
  };

  return (
    <>
      <Box bg="brand.0" py={{ base: 'md', sm: 'lg' }}>
        <Container size="lg">
          <SearchBar
            key={[state.q, state.place, state.radius, state.unit].join('|')}
            initial={state}
            placeError={placeError}
            onSearch={(where) => update(where)}
          />
        </Container>
      </Box>
      <Container size="lg" py="lg">
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
            <Paper withBorder p="md" component="aside" aria-label="Filters">
              <SearchFilters state={state} onChange={update} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="md">
              <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ flex: '1 1 16rem' }}>
                  <Title order={1} fz={{ base: 22, sm: 26 }}>
                    Jobs
                  </Title>
                  <Text c="dimmed" size="sm" aria-live="polite">
                    {data ? summaryOf(data, state) : search.isPending ? 'Searching…' : ''}
                  </Text>
                </Stack>
                <Group gap="sm" align="flex-end" wrap="nowrap">
                  <Button
                    hiddenFrom="md"
                    variant="default"
                    leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                    rightSection={
                      activeFilters > 0 ? (
                        <Badge size="sm" circle>
                          {activeFilters}
                        </Badge>
                      ) : undefined
                    }
                    onClick={filters.open}
                  >
                    Filters
                  </Button>
                  <Select
                    label="Sort by"
                    data={state.place.trim() ? withDistance : sortOptions}
                    value={sortOf(state)}
                    onChange={(sort) => sort && update({ sort: sort as Sort })}
                    allowDeselect={false}
                    w={160}
                    comboboxProps={comboboxProps}
                  />
                </Group>
              </Group>
              {results()}
              <ListFooter data={data} page={state.page} onPage={goToPage} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
      <Drawer opened={filtersOpen} onClose={filters.close} title="Filters" position="right" size="sm">
        <SearchFilters state={state} onChange={update} />
        <Button fullWidth mt="lg" onClick={filters.close}>
          Show {data ? resultCount(data) : ''} jobs
        </Button>
      </Drawer>
    </>
  );
};

const LoadingCards = () => (
  <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading jobs">
    {[1, 2, 3].map((n) => (
      <Paper key={n} withBorder p="lg">
        <Group align="flex-start" wrap="nowrap">
          <Skeleton height={48} width={48} radius="md" />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={18} width="50%" />
            <Skeleton height={12} width="30%" />
            <Skeleton height={12} width="80%" />
          </Stack>
        </Group>
      </Paper>
    ))}
  </Stack>
);
