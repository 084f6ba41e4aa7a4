import { describe, expect, it } from 'vitest';
import { nextHourSlot, toolbarFor } from '../src/areas/crm/calendar-toolbar';

describe('calendar toolbar', () => {
  it('offers "New event" beside "Today" only to those who may add events', () => {
    expect(toolbarFor({ phone: false, mayAdd: true }).headerToolbar).toMatchObject({ left: 'prev,next today newEvent' });
    expect(toolbarFor({ phone: true, mayAdd: false }).headerToolbar).toMatchObject({ left: 'prev,next today' });
  });

  it('writes a week’s day headers as a letter and a date on a phone, so seven fit 390 pixels', () => {
    const views = toolbarFor({ phone: true, mayAdd: true }).views ?? {};
    expect(views.timeGridWeek?.dayHeaderFormat).toEqual({ weekday: 'narrow', day: 'numeric' });
    expect(views.dayGridMonth?.dayHeaderFormat).toEqual({ weekday: 'narrow' });
    expect(toolbarFor({ phone: false, mayAdd: true }).views?.timeGridWeek?.dayHeaderFormat).toMatchObject({ weekday: 'short' });
  });

  it('starts a new event at the next whole hour, for an hour', () => {
    const slot = nextHourSlot(new Date(2027, 0, 15, 9, 40, 12));
    expect(slot.start).toEqual(new Date(2027, 0, 15, 10, 0, 0));
    expect(slot.end).toEqual(new Date(2027, 0, 15, 11, 0, 0));
    expect(nextHourSlot(new Date(2027, 0, 15, 23, 5)).start).toEqual(new Date(2027, 0, 16, 0, 0));
  });
});
