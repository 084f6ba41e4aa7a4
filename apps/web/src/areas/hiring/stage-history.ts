type HistoryEntry = { movedBy: { _id: string; name: string }; stage: string; movedAt: string; remarks: string | null };

/** One move as the timeline tells it: who, when, from which stage to which, and why. */
export type StageStep = { key: string; by: string; at: string; from: string | null; to: string; remarks: string | null };

/**
 * The history newest first, each move with the stage it left: the entry before it (the history
 * records only where each move went; the first entry is where the application started).
 */
export const stageSteps = (history: readonly HistoryEntry[], titleOf: (stageId: string) => string): StageStep[] =>
  history
    .map((entry, index) => {
      const before = index > 0 ? history[index - 1] : undefined;
      return {
        key: `${index}-${entry.movedAt}`,
        by: entry.movedBy.name,
        at: entry.movedAt,
        from: before ? titleOf(before.stage) : null,
        to: titleOf(entry.stage),
        remarks: entry.remarks,
      };
    })
    .reverse();

/** A stage's title by its id over a pipeline's stages; `unknown` for one not among them (removed since, or the pipeline not readable). */
export const stageTitleOf =
  (items: readonly { _id: string; stage: { title: string } }[], unknown: string) => (stageId: string | null | undefined) =>
    items.find((item) => item._id === stageId)?.stage.title ?? unknown;

const utcDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** The joining dates as days: a hire's dates are picked as days and stored as that day's midnight UTC. */
export const joiningWords = (joining: { startDate: string | null; endDate: string | null } | null | undefined) => {
  if (!joining?.startDate) return '';
  const start = utcDay.format(new Date(joining.startDate));
  return joining.endDate ? `${start} to ${utcDay.format(new Date(joining.endDate))}` : start;
};
