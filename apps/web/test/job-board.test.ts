import type { PipelineItem } from '@app/contract/resources/hiring/pipeline';
import { describe, expect, it } from 'vitest';
import {
  type BoardCard,
  columnsOf,
  columnToward,
  countsOf,
  groupByStage,
  movableIds,
  movedLocally,
  movePayload,
  movePayloads,
  questionsFor,
  rangeBetween,
  restoredCards,
  scoreOf,
  sourcesOf,
  timeInStage,
  toggled,
  visibleSelection,
} from '../src/areas/hiring/board/board-model';

const stage = (_id: string, orderNo: number, stageType: string, enabled = true) =>
  ({ _id, orderNo, enabled, pipelineId: 'p', stage: { title: _id, stageType, description: null } }) as unknown as PipelineItem;

const card = (_id: string, name: string, at: string, stageId: string | null, source = 'MANUAL'): BoardCard => ({
  _id,
  candidateId: `c-${_id}`,
  candidate: { _id: `c-${_id}`, label: name },
  pipelineCurrentStage: stageId,
  stageEnteredAt: at,
  isPersonalInfoVisibleToClient: false,
  source,
});

const stages = [
  stage('short', 2, 'SHORT_LIST'),
  stage('long', 1, 'LONG_LIST'),
  stage('off', 3, 'SCREENING', false),
  stage('hired', 4, 'HIRED'),
];
const cards = [
  card('a', 'Amara Mensah', '2026-01-03T00:00:00.000Z', 'long'),
  card('b', 'Ellie Barker', '2026-01-01T00:00:00.000Z', 'long', 'BOARD'),
  card('c', 'Zoë Nowak', '2026-01-02T00:00:00.000Z', 'short', 'BOARD'),
  card('d', 'Tomasz Nowak', '2026-01-02T00:00:00.000Z', 'off'),
  card('e', 'Nobody', '2026-01-02T00:00:00.000Z', null),
];
const none = { search: '', source: null };

describe('the pipeline board’s columns', () => {
  it('are the enabled stages in the pipeline’s order', () => {
    expect(columnsOf(stages).map((column) => column._id)).toEqual(['long', 'short', 'hired']);
  });

  it('group the cards by stage, longest waiting first, leaving out disabled or unknown stages', () => {
    const groups = groupByStage(cards, columnsOf(stages), none);
    expect([...groups].map(([id, list]) => [id, list.map((c) => c._id)])).toEqual([
      ['long', ['b', 'a']],
      ['short', ['c']],
      ['hired', []],
    ]);
    expect(countsOf(groups)).toEqual(
      new Map([
        ['long', 2],
        ['short', 1],
        ['hired', 0],
      ]),
    );
  });

  it('count only what the filters show: name words in any order, accents ignored, and the source', () => {
    const columns = columnsOf(stages);
    expect(countsOf(groupByStage(cards, columns, { search: 'nowak zoe', source: null })).get('short')).toBe(1);
    expect(countsOf(groupByStage(cards, columns, { search: ' BARKER ', source: null })).get('long')).toBe(1);
    expect([...countsOf(groupByStage(cards, columns, { search: '', source: 'BOARD' })).values()]).toEqual([1, 1, 0]);
    expect([...countsOf(groupByStage(cards, columns, { search: 'amara', source: 'BOARD' })).values()]).toEqual([0, 0, 0]);
    expect(sourcesOf(cards)).toEqual(['BOARD', 'MANUAL']);
  });
});

describe('time in stage', () => {
  const now = Date.parse('2026-02-01T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('says the largest whole unit', () => {
    expect(timeInStage(ago(30_000), now)).toBe('0 min');
    expect(timeInStage(ago(5 * 60_000), now)).toBe('5 min');
    expect(timeInStage(ago(3 * 3_600_000), now)).toBe('3 h');
    expect(timeInStage(ago(3 * 86_400_000 + 5), now)).toBe('3 d');
    expect(timeInStage(ago(13 * 86_400_000), now)).toBe('13 d');
    expect(timeInStage(ago(43 * 86_400_000), now)).toBe('6 w');
  });
  it('never goes below nothing when the clocks disagree', () => {
    expect(timeInStage(ago(-60_000), now)).toBe('0 min');
  });
});

describe('moves', () => {
  it('send one application alone, with remarks trimmed and dates as the picked day', () => {
    expect(movePayload(['a'], 'hired', { remarks: ' Starts soon ', joiningDate: '2026-03-01', joiningEndDate: '' })).toEqual({
      jobApplicationId: 'a',
      pipelineItemId: 'hired',
      remarks: 'Starts soon',
      joiningDate: '2026-03-01T00:00:00.000Z',
    });
    expect(movePayload(['a'], 'short', { remarks: '  ' })).toEqual({ jobApplicationId: 'a', pipelineItemId: 'short' });
  });

  it('send many in one multi-move, and more than 500 in batches of 500', () => {
    expect(movePayload(['a', 'b'], 'short', { remarks: 'Both', notifyCandidate: false })).toEqual({
      jobApplicationIds: ['a', 'b'],
      pipelineItemId: 'short',
      remarks: 'Both',
      notifyCandidate: false,
    });
    const ids = Array.from({ length: 1201 }, (_, i) => `id${i}`);
    const batches = movePayloads(ids, 'short', { remarks: '' });
    expect(batches.map((batch) => batch.ids.length)).toEqual([500, 500, 201]);
    expect(batches.flatMap((batch) => batch.ids)).toEqual(ids);
    expect(movePayloads(['x'], 'short', { remarks: '' })).toEqual([
      { ids: ['x'], payload: { jobApplicationId: 'x', pipelineItemId: 'short' } },
    ]);
  });

  it('leave out what is already in the destination or not on the board', () => {
    expect(movableIds(cards, ['a', 'c', 'zz'], 'short')).toEqual(['a']);
  });

  it('ask for joining dates on a hire and about the letter on a rejection or an offer', () => {
    expect(questionsFor('HIRED')).toEqual({ joining: true, letter: false });
    expect(questionsFor('REJECTED')).toEqual({ joining: false, letter: true });
    expect(questionsFor('OFFERED')).toEqual({ joining: false, letter: true });
    expect(questionsFor('SHORT_LIST')).toEqual({ joining: false, letter: false });
  });

  it('show at once, and put back what the server refused', () => {
    const moved = movedLocally(cards, ['a', 'b', 'c'], 'short', '2026-02-01T00:00:00.000Z');
    expect(moved.map((c) => [c._id, c.pipelineCurrentStage, c.stageEnteredAt.slice(0, 10)])).toEqual([
      ['a', 'short', '2026-02-01'],
      ['b', 'short', '2026-02-01'],
      ['c', 'short', '2026-01-02'],
      ['d', 'off', '2026-01-02'],
      ['e', null, '2026-01-02'],
    ]);
    // The first batch went through, the second (b) was refused.
    const back = restoredCards(moved, cards, ['b']);
    expect(back.map((c) => c.pipelineCurrentStage)).toEqual(['short', 'long', 'short', 'off', null]);
    expect(back[1]).toBe(cards[1]);
  });
});

describe('selection', () => {
  const order = ['a', 'b', 'c', 'd'];
  it('a shift-click takes the range from the last card ticked, either way', () => {
    expect(rangeBetween(order, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(order, 'd', 'a')).toEqual(['a', 'b', 'c', 'd']);
    expect(rangeBetween(order, null, 'c')).toEqual(['c']);
    expect(rangeBetween(order, 'elsewhere', 'c')).toEqual(['c']);
    expect(rangeBetween(order, 'a', 'missing')).toEqual([]);
  });

  it('ticks and unticks, and moves only the selected cards the filters show', () => {
    const selected = toggled(toggled(new Set(), ['a', 'b', 'c'], true), ['b'], false);
    expect([...selected]).toEqual(['a', 'c']);
    const groups = groupByStage(cards, columnsOf(stages), { search: 'nowak', source: null });
    expect(visibleSelection(selected, groups)).toEqual(['c']);
  });
});

describe('interview scores', () => {
  it('are the mean of the scored interviews, or none', () => {
    const scored = { ...card('a', 'A', '2026-01-01T00:00:00.000Z', 'long') };
    expect(scoreOf(scored)).toBeNull();
    const interview = (points: number | null) => ({ avgScorecard: { points } });
    expect(scoreOf({ ...scored, interviews: [interview(3), interview(4), interview(null), { avgScorecard: null }] })).toBe(3.5);
  });
});

describe('the keyboard’s left and right while a card is held', () => {
  const columns = [
    { id: 'one', left: 0, width: 260 },
    { id: 'two', left: 270, width: 260 },
    { id: 'three', left: 540, width: 260 },
  ];
  it('go to the next column that way, and nowhere past the ends', () => {
    expect(columnToward(columns, 130, 1)?.id).toBe('two');
    expect(columnToward(columns, 400, 1)?.id).toBe('three');
    expect(columnToward(columns, 400, -1)?.id).toBe('one');
    expect(columnToward(columns, 670, 1)).toBeUndefined();
    expect(columnToward(columns, 130, -1)).toBeUndefined();
  });
});
