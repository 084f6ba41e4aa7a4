import { maxAtOnce } from '@app/contract/conventions/bulk';
import { clientMoveToStage, clientMultiMoveToStage } from '@app/contract/resources/hiring/client-applications';
import { clientJobCreateInput, clientJobUpdateInput } from '@app/contract/resources/hiring/client-jobs';
import { describe, expect, it } from 'vitest';
import {
  type ClientApplication,
  type ClientJob,
  clientJobFields,
  clientJobPayload,
  clientMoves,
  movingIds,
  stageColumns,
} from '../src/areas/client/client-job-model';
import { jobFormFields } from '../src/areas/company/job-form-fields';
import { fieldsFor } from '../src/kit/field-descriptor';
import { initialValuesOf, payloadOf } from '../src/kit/form-values';

const id = (n: number) => n.toString(16).padStart(24, '0');

describe('the client’s job form', () => {
  it('asks what the job editor asks, in its words, less what the agency decides; the description only when adding', () => {
    expect(clientJobFields.map((field) => field.name)).toEqual([
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
    ]);
    for (const field of clientJobFields) {
      expect(field.label).toBe(jobFormFields.find((board) => board.name === field.name)?.label);
      expect(field.readOnlyIn).toBeUndefined();
    }
    expect(fieldsFor(clientJobFields, 'edit').map((field) => field.name)).not.toContain('content');
    expect(fieldsFor(clientJobFields, 'create').map((field) => field.name)).toContain('content');
  });

  it('sends a new job as the strict create call takes it: numbered job types, one salary range', () => {
    const fields = fieldsFor(clientJobFields, 'create');
    const values = {
      ...initialValuesOf(fields, { salary: { duration: 'YEAR' } }),
      title: 'Forklift driver',
      content: '<p>Nights</p>',
      jobTypes: ['1', '3'],
      workModel: 'ON_SITE',
      'address.city': 'Leeds',
      'salary.min': '28,000',
    };
    const body = clientJobPayload(payloadOf(fields, values, 'omit'), 'create');
    expect(body).toEqual({
      title: 'Forklift driver',
      content: '<p>Nights</p>',
      jobTypes: [1, 3],
      workModel: 'ON_SITE',
      address: { city: 'Leeds' },
      salaries: [{ min: 28000, duration: 'YEAR' }],
    });
    expect(clientJobCreateInput.safeParse(body).success).toBe(true);
    // An empty form is the server's to judge: its title message, not a key the strict schema refuses.
    const empty = clientJobCreateInput.safeParse(clientJobPayload(payloadOf(fields, initialValuesOf(fields, {}), 'omit'), 'create'));
    expect(empty.error?.issues.map((issue) => issue.code)).not.toContain('unrecognized_keys');
    expect(empty.error?.issues[0]?.message).toBe('Please provide a title.');
  });

  it('sends an edit with the rest of the stored address kept, emptied optional fields cleared and no salary when its amount is emptied', () => {
    const fields = fieldsFor(clientJobFields, 'edit');
    const job = {
      title: 'Transport planner',
      description: 'Plan the network',
      workModel: 'ON_SITE',
      jobTypes: [1],
      address: { city: 'Leeds', country: 'United Kingdom' },
      salaries: [{ min: 30000, max: null, duration: 'YEAR', currency: 'GBP' }],
    } as unknown as ClientJob;
    const values = {
      ...initialValuesOf(fields, { ...job, salary: job.salaries[0] }),
      description: '',
      workModel: '',
      'salary.min': '',
    };
    const body = clientJobPayload(payloadOf(fields, values, 'keep'), 'edit', job);
    expect(body).toMatchObject({
      title: 'Transport planner',
      description: null,
      workModel: null,
      jobTypes: [1],
      address: { city: 'Leeds', country: 'United Kingdom', postCode: '' },
      salaries: [],
    });
    expect(clientJobUpdateInput.safeParse({ ...body, _id: id(1) }).success).toBe(true);
  });
});

const card = (n: number, stage: string, enteredAt: string) =>
  ({ _id: id(n), pipelineCurrentStage: stage, stageEnteredAt: enteredAt, interviews: [] }) as unknown as ClientApplication;

describe('the client’s board of stages', () => {
  const stages = [
    { _id: 's1', label: 'Long list', stageType: 'LONG_LIST' as const },
    { _id: 's2', label: 'Interviewing', stageType: 'INTERVIEWING' as const },
  ];

  it('has a column per stage the job’s details name, in their order, longest waiting first', () => {
    const cards = [card(1, 's2', '2026-03-02T00:00:00Z'), card(2, 's1', '2026-03-01T00:00:00Z'), card(3, 's2', '2026-03-01T00:00:00Z')];
    const columns = stageColumns(stages, cards);
    expect(columns.map((column) => [column.stage.label, column.cards.map((c) => c._id)])).toEqual([
      ['Long list', [id(2)]],
      ['Interviewing', [id(3), id(1)]],
    ]);
  });

  it('moves only the cards on the board that are not at the stage already', () => {
    const cards = [card(1, 's1', '2026-03-01T00:00:00Z'), card(2, 's2', '2026-03-01T00:00:00Z')];
    expect(movingIds(cards, [id(1), id(2), id(9)], 's2')).toEqual([id(1)]);
  });

  it('moves one application with move-to-stage and several with multi-move-to-stage, in batches the server takes', () => {
    const [one] = clientMoves([id(1)], 's2', { remarks: '' });
    expect(one).toEqual({ call: clientMoveToStage, ids: [id(1)], payload: { jobApplicationId: id(1), pipelineItemId: 's2' } });
    const many = Array.from({ length: maxAtOnce + 2 }, (_, n) => id(n + 1));
    const batches = clientMoves(many, 's2', { remarks: ' Good ' });
    expect(batches.map((batch) => [batch.call.path, batch.ids.length])).toEqual([
      [clientMultiMoveToStage.path, maxAtOnce],
      [clientMultiMoveToStage.path, 2],
    ]);
    expect(batches[0]?.payload).toMatchObject({ pipelineItemId: 's2', remarks: 'Good' });
  });
});
