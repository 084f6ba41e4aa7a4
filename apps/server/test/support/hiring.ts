import { client } from '@app/contract/resources/crm/client';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { addToLongList } from '@app/contract/resources/hiring/job-application';
import { defaultHiringPipeline, type PipelineItem } from '@app/contract/resources/hiring/pipeline';
import type { FastifyInstance } from 'fastify';
import { aCandidate, type CandidateRecord } from './candidates';
import { call } from './test-app';
import { unique } from './world';

export type CrmJobRecord = {
  _id: string;
  title: string;
  slug: string;
  content: string;
  status: string;
  clientId: string;
  pipelineId: string;
  postedOn: string | null;
  organisationId: string;
  applicationCount?: number;
};

export type PipelineRecord = { _id: string; title: string; systemDefaultPipeline: boolean; items: PipelineItem[] };

export const aClientOf = async (app: FastifyInstance, token: string) => {
  const made = await call(app, client.calls.create!, { name: unique('Acme '), email: `${unique('talent')}@acme.example` }, token);
  if (made.status !== 200) throw new Error(`client not created: ${made.status} ${made.body.message}`);
  return made.body.data as { _id: string; name: string };
};

export const crmJobInput = (clientId: string, input: Record<string, unknown> = {}) => ({
  title: unique('Senior engineer '),
  content: '<p>Build things <strong>well</strong></p>',
  clientId,
  ...input,
});

/** A CRM job of a new client of the token's organisation (on the default pipeline unless one is named). */
export const aCrmJob = async (app: FastifyInstance, token: string, input: Record<string, unknown> = {}) => {
  const clientId = (input.clientId as string | undefined) ?? (await aClientOf(app, token))._id;
  const made = await call(app, crmJob.calls.create!, crmJobInput(clientId, input), token);
  if (made.status !== 200) throw new Error(`CRM job not created: ${made.status} ${made.body.message}`);
  return made.body.data as CrmJobRecord;
};

export const defaultPipelineOf = async (app: FastifyInstance, token: string) => {
  const answer = await call(app, defaultHiringPipeline, {}, token);
  if (answer.status !== 200) throw new Error(`no default pipeline: ${answer.status} ${answer.body.message}`);
  return answer.body.data as PipelineRecord;
};

/** The id of a pipeline's stage of a type. */
export const stageIdOf = (pipeline: PipelineRecord, stageType: string) => {
  const item = pipeline.items.find((candidate) => candidate.stage.stageType === stageType);
  if (!item) throw new Error(`no ${stageType} stage`);
  return item._id;
};

/** Candidates long-listed on a new job of the token's organisation: the applications, in the order of the candidates. */
export const aLongList = async <Application extends { candidateId: string }>(app: FastifyInstance, token: string, n: number) => {
  const job = await aCrmJob(app, token);
  const people: CandidateRecord[] = [];
  for (let i = 0; i < n; i++) people.push(await aCandidate(app, token));
  const added = await call(app, addToLongList, { candidateIds: people.map((p) => p._id), jobIds: [job._id] }, token);
  if (added.status !== 200) throw new Error(`not long-listed: ${added.status} ${added.body.message}`);
  const applications = people.map((person) =>
    (added.body.data.added as Application[]).find((application) => application.candidateId === person._id),
  ) as Application[];
  return { job, people, applications };
};
