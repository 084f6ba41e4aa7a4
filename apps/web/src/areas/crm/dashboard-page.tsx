import { event } from '@app/contract/resources/crm/event';
import '@mantine/charts/styles.css';
import {
  allowedDashboardScopes,
  type DashboardScope,
  dashboardCount,
  dashboardModules,
  dashboardWeekly,
} from '@app/contract/resources/crm/dashboard';
import { task } from '@app/contract/resources/crm/task';
import { crmRole } from '@app/contract/resources/crm-access';
import { entityLog } from '@app/contract/resources/entity-log';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { BarChart } from '@mantine/charts';
import { Anchor, Badge, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHistory, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../kit/api';
import { type Can, useCan } from '../../kit/can';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { usePermissions } from '../../kit/permissions';
import { recordPathOf } from '../../kit/record-paths';
import { useSession } from '../../kit/session';
import { type RecordOf, useList } from '../../kit/use-resource';
import { ActivityEntry } from './activity-panel';
import { CompleteTaskButton } from './complete-task-button';
import { type DueSection, dueSectionOf, endOfWeek } from './dashboard-tasks';
import { loadTodaysEvents } from './todays-events';

type Shortcut = { to: string; icon: ReactNode; title: string; text: string; show: (can: Can) => boolean };

const shortcuts: Shortcut[] = [
  {
    to: '/crm/staff',
    icon: <IconUsers size={22} />,
    title: 'Staff',
    text: 'Add colleagues and give them roles.',
    show: (can) => can.do(organisationStaff, 'list'),
  },
  {
    to: '/crm/roles',
    icon: <IconShieldLock size={22} />,
    title: 'Roles',
    text: 'Decide what each role may see and do.',
    show: (can) => can.do(crmRole, 'list'),
  },
  {
    to: '/crm/audit-log',
    icon: <IconHistory size={22} />,
    title: 'Audit log',
    text: 'See every change and who made it.',
    show: (can) => can.do(entityLog, 'list'),
  },
];

const ShortcutCard = ({ to, icon, title, text }: Omit<Shortcut, 'show'>) => (
  <Paper withBorder p="lg">
    <Stack gap="xs">
      <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Anchor component={Link} to={to} fw={600}>
        {title}
      </Anchor>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  </Paper>
);

const Panel = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p="lg">
    <Title order={2} fz="lg" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

const scopeLabels: Record<DashboardScope, string> = { OWN: 'Mine', TEAM: 'My teams', ALL: 'Organisation' };

/** The scopes offered: those the server would grant (one rule, `allowedDashboardScopes`), when the user reads something it counts. */
const useDashboardScopes = (): DashboardScope[] => {
  const permissions = usePermissions();
  if (permissions === 'loading' || permissions === 'unavailable') return ['OWN'];
  const readsAny =
    permissions.isOrganisationAdmin ||
    permissions.grants.some((grant) => (dashboardModules as readonly string[]).includes(grant.module) && grant.level !== 'NONE');
  return readsAny ? allowedDashboardScopes(permissions) : ['OWN'];
};

const countCards = [
  { key: 'taskCount', label: 'Open tasks', ownLabel: 'Your open tasks', hint: '' },
  { key: 'interviewCount', label: 'Interviews', ownLabel: 'Interviews', hint: 'Interviews arrive with hiring' },
  {
    key: 'filledProfileRequestCount',
    label: 'Filled profile requests',
    ownLabel: 'Filled profile requests',
    hint: 'Information forms arrive with hiring',
  },
  { key: 'candidateCount', label: 'Candidates', ownLabel: 'Your candidates', hint: '' },
] as const;

/** The four counts; keyed under Task so that completing a task here refreshes them. A count not built yet says so. */
const Counts = ({ scope }: { scope: DashboardScope }) => {
  const query = useQuery({
    queryKey: ['Task', 'dashboard-count', scope],
    queryFn: ({ signal }) => callApi(dashboardCount, { scope }, { signal }),
  });
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {countCards.map(({ key, label, ownLabel, hint }) => {
        const title = scope === 'OWN' ? ownLabel : label;
        const value = query.data?.[key];
        return (
          <Paper withBorder p="md" key={key}>
            <Text size="sm" c="dimmed">
              {title}
            </Text>
            {query.isPending ? (
              <Skeleton height={32} width={48} mt={4} />
            ) : query.isError ? (
              <Text size="sm" c="red">
                {messageOf(query.error)}
              </Text>
            ) : value === null && hint ? (
              <>
                <Text fz={28} fw={700} aria-label={`${title}: not available yet`}>
                  —
                </Text>
                <Text size="xs" c="dimmed">
                  {hint}
                </Text>
              </>
            ) : (
              <Text fz={28} fw={700} aria-label={title}>
                {value ?? '—'}
              </Text>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
};

type TaskRow = RecordOf<typeof task>;

const sectionTitles: Record<DueSection, string> = { overdue: 'Overdue', today: 'Due today', week: 'Due this week' };

/** The signed-in user's open tasks due by the end of this week, by section, each completed in one click. */
const TasksDue = ({ userId }: { userId: string }) => {
  const to = useMemo(() => endOfWeek(new Date()).toISOString(), []);
  const query = useList(task, {
    limit: 100,
    filter: { assigneeIds: userId, status: ['TODO', 'IN_PROGRESS'], dueDate: { to } },
  });
  if (query.isPending) return <Skeleton height={80} />;
  if (query.isError) return <Text c="red">{messageOf(query.error)}</Text>;
  const rows = (query.data.results as TaskRow[])
    .filter((row) => row.dueDate)
    .sort((a, b) => String(a.dueDate).localeCompare(String(b.dueDate)));
  const sections = (['overdue', 'today', 'week'] as const).map((section) => ({
    section,
    rows: rows.filter((row) => dueSectionOf(String(row.dueDate)) === section),
  }));
  if (rows.length === 0) return <Text c="dimmed">Nothing due this week.</Text>;
  return (
    <Stack gap="md">
      {sections
        .filter(({ rows }) => rows.length > 0)
        .map(({ section, rows }) => (
          <Stack gap={6} key={section} component="section" aria-label={sectionTitles[section]}>
            <Text fw={600} size="sm" c={section === 'overdue' ? 'red' : undefined}>
              {sectionTitles[section]}
            </Text>
            {rows.map((row) => (
              <Group key={row._id} justify="space-between" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={recordPathOf('Task', row._id) ?? '/crm/tasks'} size="sm" lineClamp={1}>
                    {row.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {new Date(String(row.dueDate)).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                    {row.priority === 'HIGH' || row.priority === 'URGENT' ? ` · ${row.priority.toLowerCase()}` : ''}
                  </Text>
                </Stack>
                <CompleteTaskButton row={row as { _id: string; title: string; status: string }} />
              </Group>
            ))}
          </Stack>
        ))}
    </Stack>
  );
};

/** Today's events, from the small function the event list is wired into. */
const TodaysEvents = () => {
  const query = useQuery({
    queryKey: ['Event', 'today'],
    queryFn: ({ signal }) => {
      const from = new Date();
      from.setHours(0, 0, 0, 0);
      const to = new Date(from);
      to.setDate(to.getDate() + 1);
      return loadTodaysEvents({ from, to, signal });
    },
  });
  if (query.isPending) return <Skeleton height={60} />;
  if (query.isError) return <Text c="red">{messageOf(query.error)}</Text>;
  if (query.data.length === 0) return <Text c="dimmed">No events today.</Text>;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'short' });
  return (
    <Stack gap={6}>
      {query.data.map((event) => (
        <Group key={event._id} gap="sm" wrap="nowrap">
          <Badge variant="light">{`${time(event.startTime)}–${time(event.endTime)}`}</Badge>
          <Text size="sm">{event.title}</Text>
          {event.location && (
            <Text size="xs" c="dimmed">
              {event.location}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
};

// People and tasks come whole: no 0.5 on the axis when the largest week holds 1 or 2.
const wholeNumbers = { allowDecimals: false } as const;

/** Candidates added and tasks done per week for the last 12 weeks, from one call. */
const WeeklyCharts = ({ scope }: { scope: DashboardScope }) => {
  const query = useQuery({
    queryKey: ['Task', 'dashboard-weekly', scope],
    queryFn: ({ signal }) => callApi(dashboardWeekly, { scope }, { signal }),
  });
  if (query.isPending) return <Skeleton height={220} />;
  if (query.isError) return <Text c="red">{messageOf(query.error)}</Text>;
  const data = query.data.map((point) => ({
    ...point,
    label: new Date(`${point.week}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Panel title="Candidates added per week">
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'candidatesAdded', label: 'Candidates added', color: 'brand.6' }]}
          yAxisProps={wholeNumbers}
        />
      </Panel>
      <Panel title="Tasks done per week">
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'tasksDone', label: 'Tasks done', color: 'teal.6' }]}
          yAxisProps={wholeNumbers}
        />
      </Panel>
    </SimpleGrid>
  );
};

/** The latest changes in the organisation from the entity log: who changed what, newest first. */
const RecentActivity = () => {
  const query = useList(entityLog, { limit: 10 });
  if (query.isPending) return <Skeleton height={120} />;
  if (query.isError) return <Text c="red">{messageOf(query.error)}</Text>;
  const entries = query.data.results as unknown as Parameters<typeof ActivityEntry>[0]['entry'][];
  if (entries.length === 0) return <Text c="dimmed">Nothing has happened yet.</Text>;
  return (
    <Stack gap="sm">
      {entries.map((entry) => (
        <Stack gap={0} key={entry._id}>
          <ActivityEntry entry={entry} />
        </Stack>
      ))}
    </Stack>
  );
};

/** /crm: the signed-in user's counts, tasks due, today's events, the weekly charts and recent activity. */
export const CrmDashboardPage = () => {
  const { user } = useSession();
  const can = useCan();
  const visible = shortcuts.filter((shortcut) => shortcut.show(can));
  const scopes = useDashboardScopes();
  const [chosen, setChosen] = useState<DashboardScope>('OWN');
  const scope = scopes.includes(chosen) ? chosen : 'OWN';
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Welcome, ${user?.name ?? ''}`}
        description={user?.organisationName ? `Your CRM at ${user.organisationName}.` : "Your organisation's CRM."}
      />
      {scopes.length > 1 && (
        <SegmentedControl
          aria-label="Whose figures"
          value={scope}
          onChange={(value) => setChosen(value as DashboardScope)}
          data={scopes.map((value) => ({ value, label: scopeLabels[value] }))}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <Counts scope={scope} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {user && can.do(task, 'list') && (
          <Panel title="Your tasks due">
            <TasksDue userId={user._id} />
          </Panel>
        )}
        {can.do(event, 'list') && (
          <Panel title="Today’s events">
            <TodaysEvents />
          </Panel>
        )}
      </SimpleGrid>
      <WeeklyCharts scope={scope} />
      {can.do(entityLog, 'list') && (
        <Panel title="Recent activity">
          <RecentActivity />
        </Panel>
      )}
      {visible.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {visible.map(({ to, icon, title, text }) => (
            <ShortcutCard key={to} to={to} icon={icon} title={title} text={text} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
};
