import { csvLine } from '@app/contract/conventions/export';
import {
  type HiringFigures,
  type HiringReportRequest,
  hiringReportCall,
  hiringReportCsvCall,
} from '@app/contract/resources/hiring/hiring-report';
import { applicationSources } from '@app/contract/resources/hiring/job-application';
import { type StageType, stageTypes, stageTypeTitles } from '@app/contract/resources/hiring/pipeline';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/change-log';
import type { Executor } from '../../db/client';
import { crmJobApplications } from '../../db/schema/hiring';
import type { Scope } from '../../engine/context';
import { registerCall } from '../../engine/register-call';
import { applicationRepository } from './applications';

const day = 24 * 3600 * 1000;

/** The period asked for, or the 90 days up to now. */
const periodOf = (input: HiringReportRequest) => {
  const to = input.to ? new Date(input.to) : new Date();
  const from = input.from ? new Date(input.from) : new Date(to.getTime() - 90 * day);
  return { from, to };
};

const groupKeys = {
  job: sql`a.job_id`,
  client: sql`a.client_id`,
  recruiter: sql`coalesce(a.owner_id, a.created_by->>'_id')`,
} as const;

const groupLabels = {
  job: sql`(select title from crm_jobs where id = g.key)`,
  client: sql`(select name from clients where id = g.key)`,
  recruiter: sql`(select coalesce(nullif(name->>'fullName', ''), email) from users where id = g.key)`,
} as const;

type Row = Record<string, unknown>;

/**
 * Every history entry of the caller's applications (in their scope and the request's filters) with
 * its stage type, when it was entered and, where the application moved on, when it was left.
 */
const entries = (input: HiringReportRequest, where: SQL[], period: { from: Date; to: Date }) => {
  const filters = [
    ...where,
    // Every figure needs a move in the period, and a move stamps updatedAt with its movedAt: an
    // application untouched since before the period, or made after it, has nothing to count. This
    // spares expanding the histories of an organisation's every application.
    gte(crmJobApplications.updatedAt, period.from),
    lte(crmJobApplications.createdAt, period.to),
    input.jobId ? eq(crmJobApplications.jobId, input.jobId) : undefined,
    input.clientId ? eq(crmJobApplications.clientId, input.clientId) : undefined,
    input.recruiterId
      ? sql`coalesce(${crmJobApplications.ownerId}, ${crmJobApplications.createdBy}->>'_id') = ${input.recruiterId}`
      : undefined,
  ];
  return sql`
    select a.id, ${groupKeys[input.groupBy]} as key, a.source, a.created_at, i.stage_type,
      (h.entry->>'movedAt')::timestamptz as entered_at,
      lead((h.entry->>'movedAt')::timestamptz) over (partition by a.id order by h.n) as left_at
    from (select * from crm_job_applications where ${and(...filters)}) a
    cross join lateral jsonb_array_elements(a.pipeline_stage_history) with ordinality as h(entry, n)
    join hiring_pipeline_items i on i.id = h.entry->>'stage'`;
};

/** The figures, per group and for all groups together (the group `null` row of a grouping set). */
const figures = async (db: Executor, input: HiringReportRequest, where: SQL[]) => {
  const { from, to } = periodOf(input);
  const base = entries(input, where, { from, to });
  const inPeriod = (column: string) =>
    sql`${sql.raw(column)} >= ${from.toISOString()}::timestamptz and ${sql.raw(column)} <= ${to.toISOString()}::timestamptz`;
  // One statement, the histories expanded once: how many reached each stage (with (key) and (): how
  // many applications moved at all), the stays that ended in the period, and the period's hires.
  const rows = await rowsOf(
    db as never,
    sql`with e as materialized (${base}),
      hired as (
        select id, key, source, created_at, min(entered_at) as hired_at from e where stage_type = 'HIRED' group by id, key, source, created_at
      ),
      reached as (
        select 'reached' as kind, key, grouping(key) as total, grouping(stage_type) as whole, stage_type, null::text as source,
          count(distinct id)::int as n, null::float8 as days
        from e where ${inPeriod('entered_at')} group by grouping sets ((key, stage_type), (stage_type), (key), ())
      ),
      stays as (
        select 'stays' as kind, key, grouping(key) as total, 0 as whole, stage_type, null::text as source, count(*)::int as n,
          percentile_cont(0.5) within group (order by extract(epoch from left_at - entered_at) / 86400)::float8 as days
        from e where left_at is not null and ${inPeriod('left_at')} group by grouping sets ((key, stage_type), (stage_type))
      ),
      types as (
        select key, id, array_agg(distinct stage_type) as types from e where ${inPeriod('entered_at')} group by key, id
      ),
      moved_on as (
        select 'movedOn' as kind, key, grouping(key) as total, 0 as whole, p.from_type as stage_type, null::text as source,
          count(*)::int as n, null::float8 as days
        from types join (values ${sql.join(
          stageTypes.slice(0, -1).map((type, i) => sql`(${type}::text, ${stageTypes[i + 1] as string}::text)`),
          sql`, `,
        )}) as p(from_type, to_type) on types.types @> array[p.from_type, p.to_type]
        group by grouping sets ((key, p.from_type), (p.from_type))
      ),
      hires as (
        select 'hires' as kind, key, grouping(key) as total, grouping(source) as whole, null::text as stage_type, source, count(*)::int as n,
          percentile_cont(0.5) within group (order by extract(epoch from hired_at - created_at) / 86400)::float8 as days
        from hired where ${inPeriod('hired_at')} group by grouping sets ((key, source), (source), (key), ())
      )
      select * from reached union all select * from moved_on union all select * from stays union all select * from hires`,
  );
  const of = (kind: string) => rows.filter((row) => row.kind === kind);
  return { reached: of('reached'), movedOn: of('movedOn'), stays: of('stays'), hires: of('hires') };
};

/** A row over every stage (or every source) of its group, rather than one stage's (or source's). */
const isWhole = (row: Row) => Number(row.whole) === 1;

const round = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);

type FigureRows = { reached: Row[]; movedOn: Row[]; stays: Row[]; hires: Row[] };

const figuresOf = (rows: FigureRows, pick: (row: Row) => boolean): HiringFigures => {
  const picked = rows.reached.filter(pick);
  const reached = new Map(picked.filter((row) => !isWhole(row)).map((row) => [row.stage_type as string, Number(row.n)]));
  const moved = picked.find(isWhole);
  const movedOn = new Map(rows.movedOn.filter(pick).map((row) => [row.stage_type as string, Number(row.n)]));
  const stays = new Map(rows.stays.filter(pick).map((row) => [row.stage_type as string, round(row.days)]));
  const hires = rows.hires.filter(pick);
  const overall = hires.find(isWhole);
  const funnel = stageTypes.map((type) => ({ stageType: type, reached: reached.get(type) ?? 0 }));
  return {
    applications: Number(moved?.n ?? 0),
    funnel,
    conversion: stageTypes.slice(0, -1).map((type, i) => {
      const next = stageTypes[i + 1] as StageType;
      const here = reached.get(type) ?? 0;
      // Those that reached this stage and the next: an application that skipped this stage counts for neither.
      const both = movedOn.get(type) ?? 0;
      return { from: type, to: next, rate: here ? Math.round((both / here) * 1000) / 1000 : null };
    }),
    medianDaysInStage: stageTypes.map((type) => ({ stageType: type, days: stays.get(type) ?? null })),
    hires: Number(overall?.n ?? 0),
    medianDaysToHire: round(overall?.days),
    sourceOfHire: applicationSources.map((source) => ({
      source,
      hires: Number(hires.find((row) => !isWhole(row) && row.source === source)?.n ?? 0),
    })),
  };
};

const isTotal = (row: Row) => Number(row.total) === 1;

/** The report: the figures of each group that has any, and of all together. */
export const hiringReportOf = async (db: Executor, scope: Scope, input: HiringReportRequest) => {
  const { from, to } = periodOf(input);
  const where = applicationRepository.scopeWhere(scope);
  const rows = await figures(db, input, where);
  // Each group's rows gathered once: a report per job may have thousands of groups.
  const byKey = new Map<string | null, typeof rows>();
  for (const kind of ['reached', 'movedOn', 'stays', 'hires'] as const) {
    for (const row of rows[kind]) {
      if (isTotal(row)) continue;
      const key = row.key as string | null;
      const bucket = byKey.get(key) ?? { reached: [], movedOn: [], stays: [], hires: [] };
      bucket[kind].push(row);
      byKey.set(key, bucket);
    }
  }
  const keys = [...byKey.keys()];
  // The keys as one JSON parameter, however many groups there are.
  const labels = keys.length
    ? await rowsOf(
        db as never,
        sql`select g.key, ${groupLabels[input.groupBy]} as label from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as g(key)`,
      )
    : [];
  const labelOf = new Map(labels.map((row) => [row.key as string | null, (row.label as string | null) ?? 'Unknown']));
  const groups = keys
    .map((key) => ({
      _id: key,
      label: key === null ? 'None' : (labelOf.get(key) ?? 'Unknown'),
      ...figuresOf(byKey.get(key) as typeof rows, () => true),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { from: from.toISOString(), to: to.toISOString(), groupBy: input.groupBy, total: figuresOf(rows, isTotal), groups };
};

const groupHeaders = { job: 'Job', client: 'Client', recruiter: 'Recruiter' } as const;

/**
 * One CSV row per group (then all of them together) and stage type: how many reached it, the
 * conversion to the next, the median days there; the group's applications, hires, median days to
 * hire and hires by source repeat on each of its rows so any row read alone is whole.
 */
export const hiringReportCsv = (report: Awaited<ReturnType<typeof hiringReportOf>>) => {
  const header = csvLine([
    groupHeaders[report.groupBy],
    'Stage',
    'Reached',
    'Conversion to next stage',
    'Median days in stage',
    'Applications',
    'Hires',
    'Median days to hire',
    ...applicationSources.map((source) => `Hires from ${source.toLowerCase()}`),
  ]);
  const rowsOfGroup = (label: string, group: HiringFigures) =>
    stageTypes.map((type, i) =>
      csvLine([
        label,
        stageTypeTitles[type],
        group.funnel[i]?.reached ?? 0,
        group.conversion[i]?.rate ?? '',
        group.medianDaysInStage[i]?.days ?? '',
        group.applications,
        group.hires,
        group.medianDaysToHire ?? '',
        ...group.sourceOfHire.map((row) => row.hires),
      ]),
    );
  return [header, ...report.groups.flatMap((group) => rowsOfGroup(group.label, group)), ...rowsOfGroup('All', report.total)].join('');
};

export const registerHiringReports = (app: FastifyInstance) => {
  registerCall(app, { ...hiringReportCall, transaction: false }, ({ db, scope, input }) => hiringReportOf(db, scope, input));
  registerCall(app, { ...hiringReportCsvCall, transaction: false }, async ({ db, scope, input, reply }) => {
    const report = await hiringReportOf(db, scope, input);
    const name = `hiring-report-${input.groupBy}-${report.from.slice(0, 10)}-${report.to.slice(0, 10)}.csv`;
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store');
    return reply.send(hiringReportCsv(report));
  });
};
