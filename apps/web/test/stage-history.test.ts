import { describe, expect, it } from 'vitest';
import { joiningWords, stageSteps, stageTitleOf } from '../src/areas/hiring/stage-history';

const titleOf = stageTitleOf(
  [
    { _id: 'long', stage: { title: 'Long list' } },
    { _id: 'short', stage: { title: 'Short list' } },
  ],
  'A removed stage',
);
const by = (name: string) => ({ _id: name, name });

describe('an application’s stage history', () => {
  it('tells each move newest first, from the stage before it to its own, with who, when and the remarks', () => {
    const steps = stageSteps(
      [
        { movedBy: by('Ann'), stage: 'long', movedAt: '2026-01-01T09:00:00.000Z', remarks: 'Added to the long list' },
        { movedBy: by('Bob'), stage: 'short', movedAt: '2026-01-02T09:00:00.000Z', remarks: null },
        { movedBy: by('Cy'), stage: 'gone', movedAt: '2026-01-03T09:00:00.000Z', remarks: 'Parked' },
      ],
      titleOf,
    );
    expect(steps.map(({ by, from, to, remarks }) => ({ by, from, to, remarks }))).toEqual([
      { by: 'Cy', from: 'Short list', to: 'A removed stage', remarks: 'Parked' },
      { by: 'Bob', from: 'Long list', to: 'Short list', remarks: null },
      { by: 'Ann', from: null, to: 'Long list', remarks: 'Added to the long list' },
    ]);
    expect(new Set(steps.map((step) => step.key)).size).toBe(3);
  });

  it('names no stage when there is no history', () => {
    expect(stageSteps([], titleOf)).toEqual([]);
    expect(titleOf(null)).toBe('A removed stage');
  });

  it('gives the joining dates as the days picked, whatever the time zone', () => {
    expect(joiningWords(null)).toBe('');
    expect(joiningWords({ startDate: '2026-03-01T00:00:00.000Z', endDate: null })).toMatch(/2026/);
    expect(joiningWords({ startDate: '2026-03-01T00:00:00.000Z', endDate: '2026-09-01T00:00:00.000Z' })).toContain(' to ');
    // Midnight UTC read in a zone west of Greenwich would be the day before.
    expect(joiningWords({ startDate: '2026-03-01T00:00:00.000Z', endDate: null })).not.toMatch(/Feb|28/);
  });
});
