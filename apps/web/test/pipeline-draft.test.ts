import type { PipelineItem } from '@app/contract/resources/hiring/pipeline';
import { describe, expect, it } from 'vitest';
import {
  blankDraft,
  checkDraft,
  copyDraft,
  copyPath,
  draftOf,
  hasErrors,
  moveStage,
  newStage,
  pipelinePayload,
  placeServerErrors,
} from '../src/areas/hiring/pipeline-draft';

const item = (id: string, title: string, stageType: PipelineItem['stage']['stageType'], orderNo: number, enabled = true): PipelineItem => ({
  _id: id,
  stage: { title, stageType, description: null },
  orderNo,
  enabled,
});

// Stored out of order on purpose: the editor shows them by orderNo.
const saved = {
  _id: 'p1',
  title: 'Engineering',
  description: null,
  systemDefaultPipeline: true,
  items: [item('s3', 'Offer', 'OFFERED', 2), item('s1', 'Long list', 'LONG_LIST', 0), item('s2', 'Phone screen', 'SCREENING', 1, false)],
};

describe('the pipeline editor’s draft', () => {
  it('starts from the saved stages in order and sends them back with their ids and new order', () => {
    const draft = draftOf(saved);
    expect(draft.stages.map((stage) => stage.title)).toEqual(['Long list', 'Phone screen', 'Offer']);
    const reordered = { ...draft, stages: moveStage(draft.stages, 2, 0) };
    expect(pipelinePayload(reordered)).toEqual({
      title: 'Engineering',
      description: null,
      items: [
        { _id: 's3', stage: { title: 'Offer', stageType: 'OFFERED' }, orderNo: 0, enabled: true },
        { _id: 's1', stage: { title: 'Long list', stageType: 'LONG_LIST' }, orderNo: 1, enabled: true },
        { _id: 's2', stage: { title: 'Phone screen', stageType: 'SCREENING' }, orderNo: 2, enabled: false },
      ],
    });
  });

  it('copies a pipeline as new stages, never the default and never the original’s rows', () => {
    const copy = copyDraft(saved);
    expect(copy._id).toBeUndefined();
    expect(copy.systemDefaultPipeline).toBe(false);
    expect(copy.title).toBe('Copy of Engineering');
    const payload = pipelinePayload(copy);
    expect(payload.items.map((sent) => ('_id' in sent ? sent._id : undefined))).toEqual([undefined, undefined, undefined]);
    expect(payload.items.map((sent) => sent.stage.title)).toEqual(['Long list', 'Phone screen', 'Offer']);
    expect(copyPath('p 1')).toBe('/crm/pipelines/new?copy=p%201');
  });

  it('moves a stage within bounds, a move past either end staying at that end', () => {
    expect(moveStage(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveStage(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveStage(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveStage(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
  });

  it('names a new stage after its type unless given a title', () => {
    expect(newStage('SCREENING').title).toBe('Screening');
    expect(newStage('HIRED', '  Started  ').title).toBe('Started');
    expect(newStage('HIRED')._id).toBeUndefined();
  });

  it('refuses what the server would, in its words', () => {
    const blank = blankDraft();
    expect(checkDraft(blank).title).toBe('Please provide a title.');
    const untitled = { ...blank, title: 'Sales', stages: blank.stages.map((stage, i) => (i === 1 ? { ...stage, title: ' ' } : stage)) };
    const errors = checkDraft(untitled);
    expect(Object.values(errors.stageTitles)).toEqual(['Please provide the stage’s title.']);
    expect(errors.stageTitles[untitled.stages[1]?.key as string]).toBeDefined();
    expect(checkDraft({ ...untitled, stages: [] }).stages).toBe('A pipeline needs at least one stage');
    const off = { ...untitled, stages: untitled.stages.map((stage) => ({ ...stage, title: 'x', enabled: false })) };
    expect(checkDraft(off).stages).toBe('A pipeline needs at least one enabled stage');
    expect(hasErrors(checkDraft({ ...blank, title: 'Sales' }))).toBe(false);
  });

  it('puts the server’s messages on the title, the stage they name, or above the stages', () => {
    const draft = draftOf(saved);
    const { errors, unplaced } = placeServerErrors(draft, [
      { field: 'title', message: 'Please provide a title.' },
      { field: 'items.1.stage.title', message: 'Please provide the stage’s title.' },
      { field: 'items', message: 'Move 2 applications at Phone screen before disabling it' },
      { field: 'somethingElse', message: 'Elsewhere' },
    ]);
    expect(errors.title).toBe('Please provide a title.');
    expect(errors.stageTitles).toEqual({ [draft.stages[1]?.key as string]: 'Please provide the stage’s title.' });
    expect(errors.stages).toBe('Move 2 applications at Phone screen before disabling it');
    expect(unplaced).toEqual([{ field: 'somethingElse', message: 'Elsewhere' }]);
  });
});
