import { event } from '@app/contract/resources/crm/event';
import { task } from '@app/contract/resources/crm/task';
import type { DateSelectArg, EventClickArg, EventDropArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Card } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { callList, callResource } from '../../kit/api';
import { useCan } from '../../kit/can';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { useSession } from '../../kit/session';
import { resourceKey } from '../../kit/use-resource';
import { CalendarFeedCard } from './calendar-feed-card';
import classes from './calendar-page.module.css';
import { nextHourSlot, toolbarFor } from './calendar-toolbar';
import { EventForm, type EventRecord } from './event-form';

const hour = 60 * 60 * 1000;
// Dark enough for the white title on it (WCAG AA, 4.5:1); events take the brand's filled colour.
const taskColour = '#c2410c';

type Editing = { record?: EventRecord; slot?: { start: Date; end: Date } } | null;

/** A click on a day of the month view means that day at nine; on a slot, that slot for an hour. */
const slotOf = (date: Date, allDay: boolean) => {
  const start = new Date(date);
  if (allDay) start.setHours(9, 0, 0, 0);
  return { start, end: new Date(start.getTime() + hour) };
};

/**
 * /crm/calendar: month, week and day views of the organisation's events (those the caller may see)
 * and the caller's tasks by due date. Click a day or a slot to add an event, an event to edit or
 * delete it; drag an event to move it, or a task to move its due date.
 */
export const CalendarPage = () => {
  const can = useCan();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const calendar = useRef<FullCalendar>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const records = useRef(new Map<string, EventRecord>());
  const mayAdd = can.do(event, 'create');
  const mayMove = can.do(event, 'update');
  const mayMoveTasks = can.do(task, 'update');
  const phone = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false }) ?? false;
  const toolbar = toolbarFor({ phone, mayAdd });

  const events = useCallback(
    async (range: EventSourceFuncArg): Promise<EventInput[]> => {
      const page = await callList(event, {
        limit: 'ALL',
        filter: { timeRange: { from: range.start.toISOString(), to: range.end.toISOString() } },
      });
      records.current = new Map(page.results.map((record) => [record._id, record as EventRecord]));
      return page.results.map((record) => ({
        id: `event:${record._id}`,
        title: record.title ?? '',
        start: record.startTime as string,
        end: record.endTime as string,
        editable: mayMove,
      }));
    },
    [mayMove],
  );

  const tasks = useCallback(
    async (range: EventSourceFuncArg): Promise<EventInput[]> => {
      if (!user || !can.do(task, 'list')) return [];
      const page = await callList(task, {
        limit: 'ALL',
        filter: { assigneeIds: user._id, dueDate: { from: range.start.toISOString(), to: range.end.toISOString() } },
      });
      return page.results
        .filter((record) => record.dueDate && record.status !== 'CANCELLED')
        .map((record) => ({
          id: `task:${record._id}`,
          title: `Due: ${record.title}`,
          start: record.dueDate as string,
          end: new Date(new Date(record.dueDate as string).getTime() + hour / 2).toISOString(),
          color: taskColour,
          startEditable: mayMoveTasks,
          durationEditable: false,
        }));
    },
    [user, can, mayMoveTasks],
  );

  const refresh = () => calendar.current?.getApi().refetchEvents();

  const moved = async (change: EventDropArg | EventResizeDoneArg) => {
    const [kind, id] = change.event.id.split(':');
    const start = change.event.start;
    if (!start || !id) return change.revert();
    try {
      if (kind === 'task') {
        await callResource(task, 'update', { _id: id, dueDate: start.toISOString() });
        notifySuccess('Due date moved');
        await queryClient.invalidateQueries({ queryKey: resourceKey(task) });
      } else {
        const end = change.event.end ?? new Date(start.getTime() + hour);
        await callResource(event, 'update', { _id: id, startTime: start.toISOString(), endTime: end.toISOString() });
        notifySuccess('Event moved; attendees are sent the update');
        await queryClient.invalidateQueries({ queryKey: resourceKey(event) });
        refresh();
      }
    } catch (error) {
      change.revert();
      notifyFailure(error);
    }
  };

  const clicked = (click: EventClickArg) => {
    const [kind, id] = click.event.id.split(':');
    if (kind === 'task') {
      navigate(`/crm/tasks?task=${id}`);
      return;
    }
    const record = id ? records.current.get(id) : undefined;
    if (record) setEditing({ record });
  };

  return (
    <>
      <PageHeader
        title="Calendar"
        description="Meetings and interviews, and the due dates of your tasks. Attendees are mailed each invitation."
      />
      <CalendarFeedCard />
      <Card withBorder padding={phone ? 4 : 'sm'} className={classes.calendar}>
        <FullCalendar
          ref={calendar}
          plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
          // A week's seven columns are too narrow to read on a phone: it opens on the day.
          initialView={phone ? 'timeGridDay' : 'timeGridWeek'}
          headerToolbar={toolbar.headerToolbar}
          views={toolbar.views}
          // Beside "Today" for those who may add events (the same permission the call checks).
          customButtons={{
            newEvent: { text: 'New event', hint: 'New event', click: () => setEditing({ slot: nextHourSlot(new Date()) }) },
          }}
          // Arrows as text: the calendar's icon font draws them in a role="img" with no name (its hints name the buttons).
          buttonIcons={false}
          buttonText={{ prev: '‹', next: '›', today: 'Today', month: 'Month', week: 'Week', day: 'Day' }}
          eventColor="var(--mantine-color-brand-filled)"
          height="auto"
          nowIndicator
          firstDay={1}
          slotMinTime="07:00:00"
          slotMaxTime="21:00:00"
          allDaySlot={false}
          eventSources={[events, tasks]}
          // A click on a day or a slot is a selection of it, as is a drag across several slots.
          selectable={mayAdd}
          select={(selection: DateSelectArg) =>
            mayAdd &&
            setEditing({ slot: selection.allDay ? slotOf(selection.start, true) : { start: selection.start, end: selection.end } })
          }
          // A plain click on a day or a slot (some pointers make no selection of it).
          dateClick={(click: DateClickArg) => mayAdd && setEditing({ slot: slotOf(click.date, click.allDay) })}
          eventClick={clicked}
          eventDrop={moved}
          eventResize={moved}
        />
      </Card>
      {editing && (
        <EventForm
          record={editing.record}
          slot={editing.slot}
          onClose={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </>
  );
};
