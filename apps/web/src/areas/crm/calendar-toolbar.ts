import type { CalendarOptions } from '@fullcalendar/core';

const hour = 60 * 60 * 1000;

/** "New event" starts at the next whole hour, for an hour. */
export const nextHourSlot = (now: Date) => {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return { start, end: new Date(start.getTime() + hour) };
};

/**
 * The toolbar and day headers for the width: on a phone the title has a row of its own above the
 * buttons and a week's day headers are a letter and a date ("M 30"), so seven fit in 390 pixels.
 */
export const toolbarFor = (input: { phone: boolean; mayAdd: boolean }): Pick<CalendarOptions, 'headerToolbar' | 'views'> => ({
  headerToolbar: {
    left: input.mayAdd ? 'prev,next today newEvent' : 'prev,next today',
    center: 'title',
    right: 'dayGridMonth,timeGridWeek,timeGridDay',
  },
  views: input.phone
    ? {
        timeGridWeek: { dayHeaderFormat: { weekday: 'narrow', day: 'numeric' }, titleFormat: { day: 'numeric', month: 'short' } },
        dayGridMonth: { dayHeaderFormat: { weekday: 'narrow' } },
        timeGridDay: { titleFormat: { weekday: 'short', day: 'numeric', month: 'short' } },
      }
    : { timeGridWeek: { dayHeaderFormat: { weekday: 'short', day: 'numeric', month: 'numeric' } } },
});
