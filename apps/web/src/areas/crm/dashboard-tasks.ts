/** The sections of the dashboard's task list: overdue, due today, due later this week. */
export type DueSection = 'overdue' | 'today' | 'week';

const startOfDay = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate());

/** Local midnight at the start of the next Monday: "this week" runs to Sunday night. */
export const endOfWeek = (now: Date) => {
  const start = startOfDay(now);
  const daysToMonday = (8 - start.getDay()) % 7 || 7;
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + daysToMonday);
};

/** Which section a due date falls in, where the person is; null when it is after this week. */
export const dueSectionOf = (dueDate: string, now = new Date()): DueSection | null => {
  const due = new Date(dueDate);
  const today = startOfDay(now);
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  if (due < today) return 'overdue';
  if (due < tomorrow) return 'today';
  if (due < endOfWeek(now)) return 'week';
  return null;
};
