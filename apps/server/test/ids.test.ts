import { describe, expect, it } from 'vitest';
import { newId } from '../src/engine/ids';

const numberOf = (id: string) => BigInt(`0x${id}`);

describe('ids', () => {
  it('are 24 lowercase hex, start with the seconds, and grow in the order they are made', () => {
    const before = Math.floor(Date.now() / 1000);
    const ids = Array.from({ length: 10_000 }, () => newId());
    const after = Math.floor(Date.now() / 1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i += 1) expect((ids[i] as string) > (ids[i - 1] as string)).toBe(true);
    const seconds = Number.parseInt((ids[0] as string).slice(0, 8), 16);
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(after);
  });

  it('cannot be found from a neighbour by counting: the gaps are large and never the same', () => {
    // 176 guesses in one second found 6 contacts when the next id was the last one plus one.
    const ids = Array.from({ length: 1_000 }, () => newId());
    const gaps = ids.slice(1).flatMap((id, i) => {
      const previous = ids[i] as string;
      // A new second starts afresh: only gaps within one second are steps.
      return id.slice(0, 8) === previous.slice(0, 8) ? [numberOf(id) - numberOf(previous)] : [];
    });
    expect(gaps.length).toBeGreaterThan(500);
    const small = gaps.filter((gap) => gap < 1n << 20n);
    // A step is uniform up to 2^40: one under 2^20 is a one-in-a-million chance.
    expect(small.length).toBeLessThanOrEqual(1);
    expect(new Set(gaps.map(String)).size).toBe(gaps.length);
  });
});
