import '@mantine/charts/styles.css';
import { client } from '@app/contract/resources/crm/client';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { type HiringFigures, hiringReportCall, hiringReportCsvCall, reportGroupings } from '@app/contract/resources/hiring/hiring-report';
import { stageTypeTitles } from '@app/contract/resources/hiring/pipeline';
import { BarChart, DonutChart } from '@mantine/charts';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { callApi } from '../../kit/api';
import { useCan } from '../../kit/can';
import { downloadFile } from '../../kit/download';
import { messageOf, notifyFailure } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { ReferencePicker } from '../../kit/reference-picker';
import { humanise } from '../../kit/words';

const day = 24 * 3600 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const wholeNumbers = { allowDecimals: false };

const Panel = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
    <Title order={2} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

const sourceColours: Record<string, string> = { BOARD: 'blue.6', IMPORT: 'grape.6', MANUAL: 'teal.6', REFERRAL: 'orange.6' };

/** One group's (or everyone's) figures as charts: the funnel, conversion, time in stage, time to hire and source of hire. */
const FiguresView = ({ figures }: { figures: HiringFigures }) => {
  const funnel = figures.funnel.map((row) => ({
    stage: stageTypeTitles[row.stageType],
    reached: row.reached,
    days: figures.medianDaysInStage.find((stay) => stay.stageType === row.stageType)?.days ?? 0,
  }));
  const sources = figures.sourceOfHire
    .filter((row) => row.hires > 0)
    .map((row) => ({ name: humanise(row.source), value: row.hires, color: sourceColours[row.source] ?? 'gray.6' }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Panel title="Funnel: applications reaching each stage">
        <BarChart
          h={260}
          data={funnel}
          dataKey="stage"
          series={[{ name: 'reached', label: 'Reached', color: 'brand.6' }]}
          yAxisProps={wholeNumbers}
        />
      </Panel>
      <Panel title="Median days in each stage">
        <BarChart h={260} data={funnel} dataKey="stage" series={[{ name: 'days', label: 'Median days', color: 'teal.6' }]} />
      </Panel>
      <Panel title="Conversion to the next stage">
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Conversion</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.conversion.map((row) => (
                <Table.Tr key={row.from}>
                  <Table.Td>{stageTypeTitles[row.from]}</Table.Td>
                  <Table.Td>{stageTypeTitles[row.to]}</Table.Td>
                  <Table.Td>{row.rate === null ? '—' : `${Math.round(row.rate * 100)}%`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Panel>
      <Panel title="Hires">
        <Stack gap="xs">
          <Text size="xl" fw={700}>
            {figures.hires} {figures.hires === 1 ? 'hire' : 'hires'}
          </Text>
          <Text size="sm" c="dimmed">
            {figures.medianDaysToHire === null ? 'No time to hire yet' : `Median time to hire: ${figures.medianDaysToHire} days`}
          </Text>
          {sources.length > 0 ? (
            <DonutChart data={sources} withLabels withLabelsLine={false} size={160} thickness={24} chartLabel="By source" />
          ) : (
            <Text size="sm" c="dimmed">
              No hires in the period.
            </Text>
          )}
        </Stack>
      </Panel>
    </SimpleGrid>
  );
};

/** /crm/hiring-reports: how the desk is doing over a period, per job, client or recruiter, as charts and as CSV. */
export const HiringReportsPage = () => {
  const [groupBy, setGroupBy] = useState<(typeof reportGroupings)[number]>('job');
  const [from, setFrom] = useState(dayOf(new Date(Date.now() - 90 * day)));
  const [to, setTo] = useState(dayOf(new Date()));
  const [jobId, setJobId] = useState('');
  const [clientId, setClientId] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const request = {
    groupBy,
    from: new Date(`${from}T00:00:00`).toISOString(),
    to: new Date(`${to}T23:59:59`).toISOString(),
    ...(jobId ? { jobId } : {}),
    ...(clientId ? { clientId } : {}),
  };
  const can = useCan();
  const report = useQuery({
    enabled: can.call(hiringReportCall),
    queryKey: ['hiring-report', request],
    queryFn: ({ signal }) => callApi(hiringReportCall, request, { signal }),
  });
  const group = report.data?.groups.find((row) => row._id === chosen);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Hiring reports"
        description="The funnel, conversion, time in stage, time to hire and source of hire, per job, client or recruiter."
        action={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() =>
              downloadFile({ path: hiringReportCsvCall.path, body: request, fallbackName: `hiring-report-${groupBy}.csv` }).catch((error) =>
                notifyFailure(error, 'The download failed'),
              )
            }
          >
            Download CSV
          </Button>
        }
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput type="date" label="From" value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
        <TextInput type="date" label="To" value={to} onChange={(event) => setTo(event.currentTarget.value)} />
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span" id="group-by-label">
            Per
          </Text>
          <SegmentedControl
            aria-labelledby="group-by-label"
            value={groupBy}
            onChange={(value) => {
              setGroupBy(value as typeof groupBy);
              setChosen(null);
            }}
            data={reportGroupings.map((value) => ({ value, label: humanise(value) }))}
          />
        </Stack>
        <ReferencePicker
          target={{ resource: crmJob, labelField: 'title' }}
          label="Job"
          value={jobId}
          onChange={(value) => setJobId(value as string)}
        />
        <ReferencePicker
          target={{ resource: client, labelField: 'name' }}
          label="Client"
          value={clientId}
          onChange={(value) => setClientId(value as string)}
        />
      </Group>
      {!can.call(hiringReportCall) ? (
        <Text c="dimmed">You may not see hiring reports.</Text>
      ) : report.isError ? (
        <Text c="red">{messageOf(report.error)}</Text>
      ) : !report.data ? (
        <Skeleton height={320} />
      ) : (
        <>
          <Panel title={`Per ${groupBy}`}>
            {report.data.groups.length === 0 ? (
              <Text c="dimmed">No applications moved in this period.</Text>
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{humanise(groupBy)}</Table.Th>
                      <Table.Th>Applications</Table.Th>
                      <Table.Th>Hires</Table.Th>
                      <Table.Th>Median days to hire</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Show</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.data.groups.map((row) => (
                      <Table.Tr key={row._id ?? 'none'}>
                        <Table.Td>{row.label}</Table.Td>
                        <Table.Td>{Math.max(...row.funnel.map((stage) => stage.reached))}</Table.Td>
                        <Table.Td>{row.hires}</Table.Td>
                        <Table.Td>{row.medianDaysToHire ?? '—'}</Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant={chosen === row._id ? 'filled' : 'default'}
                            onClick={() => setChosen(chosen === row._id ? null : row._id)}
                          >
                            {chosen === row._id ? 'Showing' : 'Show'}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Panel>
          <Title order={2} size="h4">
            {group ? group.label : 'All'}
          </Title>
          <FiguresView figures={group ?? report.data.total} />
        </>
      )}
    </Stack>
  );
};
