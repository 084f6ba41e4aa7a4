import { type clientApplication, clientMoveToStage, clientMultiMoveToStage } from '@app/contract/resources/hiring/client-applications';
import type { clientJob, clientJobStage } from '@app/contract/resources/hiring/client-jobs';
import type { z } from 'zod';
import type { FieldDescriptor, FormMode } from '../../kit/field-descriptor';
import { tailor } from '../../kit/tailor';
import { jobFormFields } from '../company/job-form-fields';
import { type MoveAnswers, movePayloads } from '../hiring/board/board-model';

export type ClientJob = z.output<typeof clientJob>;
export type ClientJobStage = z.output<typeof clientJobStage>;
export type ClientApplication = z.output<typeof clientApplication>;

/**
 * The client's job form: the board's job editor's inputs (the same words), less what the agency
 * decides (status, dates, skills, industries). The description is written when the job is added and
 * then edited on the job's page, as staff do.
 */
export const clientJobFields: FieldDescriptor[] = tailor(jobFormFields, (field) => field.name, {
  pick: [
    'title',
    'description',
    'content',
    'jobTypes',
    'workModel',
    'address.city',
    'address.postCode',
    'salary.min',
    'salary.max',
    'salary.duration',
  ],
  change: {
    description: { nullable: true },
    content: { modes: ['create'], description: 'What the job is, who you are looking for and what you offer.' },
    workModel: { nullable: true },
    'address.city': { readOnlyIn: undefined, description: undefined },
    'address.postCode': { readOnlyIn: undefined, description: undefined },
  },
});

type FormPayload = Record<string, unknown> & {
  salary?: { min?: unknown; max?: unknown; duration?: unknown };
  address?: Record<string, unknown>;
  jobTypes?: unknown[];
};

/**
 * The form's values as `/client/job/` takes them: one salary range as the API's `salaries`, numbered
 * job types, and on an edit the address merged into the stored one (the form shows its town and
 * postcode; the rest of it stays).
 */
export const clientJobPayload = (payload: Record<string, unknown>, mode: FormMode, record?: Pick<ClientJob, 'address'>) => {
  const { salary, address, jobTypes, ...rest } = payload as FormPayload;
  const body: Record<string, unknown> = {
    ...rest,
    jobTypes: (jobTypes ?? []).map(Number),
    salaries: salary && salary.min !== undefined ? [{ ...salary, duration: salary.duration ?? 'YEAR' }] : [],
  };
  const place = { ...(mode === 'edit' ? (record?.address ?? {}) : {}), ...(address ?? {}) };
  if (Object.keys(place).length > 0) body.address = place;
  return body;
};

/** A job as the form starts from it: its first salary range, its job types as the choices hold them. */
export const clientJobFormValues = (job: ClientJob) => ({ ...job, salary: job.salaries?.[0] });

/** The board's columns: the stages the job's details name, each with its applications, longest in the stage first. */
export const stageColumns = (stages: readonly ClientJobStage[], applications: readonly ClientApplication[]) =>
  stages.map((stage) => ({
    stage,
    cards: applications
      .filter((application) => application.pipelineCurrentStage === stage._id)
      .sort((a, b) => a.stageEnteredAt.localeCompare(b.stageEnteredAt)),
  }));

/** The applications a move really moves: those on the board and not at the destination already. */
export const movingIds = (applications: readonly ClientApplication[], ids: readonly string[], stageId: string) => {
  const stageOf = new Map(applications.map((application) => [application._id, application.pipelineCurrentStage]));
  return ids.filter((id) => stageOf.has(id) && stageOf.get(id) !== stageId);
};

type MoveCall = typeof clientMoveToStage | typeof clientMultiMoveToStage;

/**
 * The calls a move makes, as the staff board makes them: one application alone by `move-to-stage`,
 * several by `multi-move-to-stage` in batches of at most the server's limit (each all or none).
 */
export const clientMoves = (
  ids: readonly string[],
  stageId: string,
  answers: MoveAnswers,
): { call: MoveCall; payload: Record<string, unknown>; ids: string[] }[] =>
  movePayloads(ids, stageId, answers).map((batch) => ({
    call: 'jobApplicationIds' in batch.payload ? clientMultiMoveToStage : clientMoveToStage,
    payload: batch.payload,
    ids: batch.ids,
  }));
