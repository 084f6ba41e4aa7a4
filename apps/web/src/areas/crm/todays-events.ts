import { event } from '@app/contract/resources/crm/event';
import { callList } from '../../kit/api';

/** An event as the dashboard shows it: what, when and where. */
export type DashboardEvent = { _id: string; title: string; startTime: string; endTime: string; location?: string | null };

/** Today's events the signed-in user may see (any overlapping the day), earliest first. */
export const loadTodaysEvents = async ({ from, to, signal }: { from: Date; to: Date; signal?: AbortSignal }): Promise<DashboardEvent[]> => {
  const page = await callList(event, { limit: 50, filter: { timeRange: { from: from.toISOString(), to: to.toISOString() } } }, { signal });
  return page.results
    .map((record) => ({
      _id: record._id,
      title: record.title ?? '',
      startTime: String(record.startTime),
      endTime: String(record.endTime),
      location: record.location?.building || record.location?.city || null,
    }))
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
};
