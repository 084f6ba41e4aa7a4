/** An event as the dashboard shows it: what, when and where. */
export type DashboardEvent = { _id: string; title: string; startTime: string; endTime: string; location?: string | null };

/**
 * Today's events the signed-in user may see, earliest first. Events are built on another branch:
 * until then there are none. TODO(lead): point this at `/event/list`, e.g.
 * `callList(event, { limit: 50, filter: { startTime: { from: startOfToday, to: endOfToday } } }, { signal })`
 * mapped to `DashboardEvent` (location: the address's city or building) and sorted by `startTime`.
 */
export const loadTodaysEvents = async (_input: { from: Date; to: Date; signal?: AbortSignal }): Promise<DashboardEvent[]> => [];
