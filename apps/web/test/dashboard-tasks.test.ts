import { describe, expect, it } from 'vitest';
import { dueSectionOf, endOfWeek } from '../src/areas/crm/dashboard-tasks';

describe('the dashboard’s tasks due', () => {
  // Wednesday 12 March 2025, mid-afternoon where the person is.
  const now = new Date(2025, 2, 12, 15, 0);

  it('runs this week to the start of next Monday', () => {
    expect(endOfWeek(now)).toEqual(new Date(2025, 2, 17));
    expect(endOfWeek(new Date(2025, 2, 16, 23, 0))).toEqual(new Date(2025, 2, 17));
    expect(endOfWeek(new Date(2025, 2, 17, 9, 0))).toEqual(new Date(2025, 2, 24));
  });

  it('sorts a due date into overdue, today, this week, or later', () => {
    expect(dueSectionOf(new Date(2025, 2, 11, 18, 0).toISOString(), now)).toBe('overdue');
    expect(dueSectionOf(new Date(2025, 2, 12, 9, 0).toISOString(), now)).toBe('today');
    expect(dueSectionOf(new Date(2025, 2, 12, 23, 59).toISOString(), now)).toBe('today');
    expect(dueSectionOf(new Date(2025, 2, 16, 12, 0).toISOString(), now)).toBe('week');
    expect(dueSectionOf(new Date(2025, 2, 17, 0, 0).toISOString(), now)).toBeNull();
  });
});
