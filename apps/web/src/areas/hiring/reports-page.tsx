import '@mantine/charts/styles.css';
import { client } from '@app/contract/resources/crm/client';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { type HiringFigures, hiringReportCall, hiringReportCsvCall, reportGroupings } from '@app/contract/resources/hiring/hiring-report';
import { stageTypeTitles } from '@app/contract/resources/hiring/pipeline';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { BarChart, DonutChart } from '@mantine/charts';
import {
  Anchor,
  Button,
  ColorSwatch,
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
/** A day as a date input holds it (yyyy-mm-dd), in the person's own time zone. */
const dayOf = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
/** The start or the end of a day picked, as an instant; nothing while the input is half typed or cleared. */
const instantOf = (value: string, time: string) => {
  const instant = new Date(`${value}T${time}`);
  return value && !Number.isNaN(instant.getTime()) ? instant.toISOString() : undefined;
};
const wholeNumbers = { allowDecimals: false };
/** Stage names down the side: thirteen of them do not fit under the bars on a phone. */
const stageAxis = { width: 96 };
const stageChartHeight = 13 * 26 + 40;

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
    // No bar where no stay ended in the period, rather than a bar of zero days.
    days: figures.medianDaysInStage.find((stay) => stay.stageType === row.stageType)?.days ?? null,
  }));
  const sources = figures.sourceOfHire
    .filter((row) => row.hires > 0)
    .map((row) => ({ name: humanise(row.source), value: row.hires, color: sourceColours[row.source] ?? 'gray.6' }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Panel title="Funnel: applications reaching each stage">
        <BarChart
          h={stageChartHeight}
          data={funnel}
          dataKey="stage"
          orientation="vertical"
          series={[{ name: 'reached', label: 'Reached', color: 'brand.6' }]}
          xAxisProps={wholeNumbers}
          yAxisProps={stageAxis}
        />
      </Panel>
      <Panel title="Median days in each stage">
        {figures.medianDaysInStage.every((stay) => stay.days === null) ? (
          <Text size="sm" c="dimmed">
            No application moved on from a stage in the period.
          </Text>
        ) : (
          <BarChart
            h={stageChartHeight}
            data={funnel}
            dataKey="stage"
            orientation="vertical"
            series={[{ name: 'days', label: 'Median days', color: 'teal.6' }]}
            yAxisProps={stageAxis}
          />
        )}
        <Text size="xs" c="dimmed" mt="xs">
          Stays that ended in the period; applications still at a stage are not counted until they move on.
        </Text>
      </Panel>
      <Panel title="Conversion to the next stage">
        <Table.ScrollContainer minWidth={280}>
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
            <Group gap="md" wrap="wrap">
              <DonutChart data={sources} size={160} thickness={24} chartLabel="By source" aria-hidden />
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Hires by source">
                {sources.map((row) => (
                  <Group key={row.name} gap="xs" component="li" wrap="nowrap">
                    <ColorSwatch color={`var(--mantine-color-${row.color.replace('.', '-')})`} size={12} aria-hidden />
                    <Text size="sm">
                      {row.name}: {row.value}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Group>
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
  const [recruiterId, setRecruiterId] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const fromInstant = instantOf(from, '00:00:00');
  const toInstant = instantOf(to, '23:59:59.999');
  const request = {
    groupBy,
    ...(fromInstant ? { from: fromInstant } : {}),
    ...(toInstant ? { to: toInstant } : {}),
    ...(jobId ? { jobId } : {}),
    ...(clientId ? { clientId } : {}),
    ...(recruiterId ? { recruiterId } : {}),
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
        {can.do(crmJob, 'list') && (
          <ReferencePicker
            target={{ resource: crmJob, labelField: 'title' }}
            label="Job"
            value={jobId}
            onChange={(value) => setJobId(value as string)}
          />
        )}
        {can.do(client, 'list') && (
          <ReferencePicker
            target={{ resource: client, labelField: 'name' }}
            label="Client"
            value={clientId}
            onChange={(value) => setClientId(value as string)}
          />
        )}
        {can.do(organisationStaff, 'list') && (
          <ReferencePicker
            target={{ resource: organisationStaff, labelField: 'name.fullName' }}
            label="Recruiter"
            value={recruiterId}
            onChange={(value) => setRecruiterId(value as string)}
          />
        )}
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
              // Four narrow columns, the name a button to show that group's figures: it fits a phone without scrolling sideways.
              <Table highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{humanise(groupBy)}</Table.Th>
                    <Table.Th>Applications</Table.Th>
                    <Table.Th>Hires</Table.Th>
                    <Table.Th>Days to hire</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.groups.map((row) => (
                    <Table.Tr key={row._id ?? 'none'} bg={chosen === row._id ? 'var(--mantine-primary-color-light)' : undefined}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Anchor
                          component="button"
                          type="button"
                          ta="left"
                          size="sm"
                          aria-pressed={chosen === row._id}
                          onClick={() => setChosen(chosen === row._id ? null : row._id)}
                        >
                          {row.label}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{row.applications}</Table.Td>
                      <Table.Td>{row.hires}</Table.Td>
                      <Table.Td>{row.medianDaysToHire ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Panel>
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {group ? group.label : `All ${groupBy === 'recruiter' ? 'recruiters' : `${groupBy}s`}`}
            </Title>
            {group && (
              <Button size="xs" variant="default" onClick={() => setChosen(null)}>
                Show all
              </Button>
            )}
          </Group>
          <FiguresView figures={group ?? report.data.total} />
        </>
      )}
    </Stack>
  );
};
