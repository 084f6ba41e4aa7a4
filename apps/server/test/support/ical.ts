import ICAL from 'ical.js';

export type ParsedEvent = {
  uid: string;
  sequence: number;
  stamp: Date | null;
  start: Date;
  end: Date;
  summary: string;
  status: string | null;
  description: string | null;
  location: string | null;
  organizer: string | null;
  attendees: { email: string; rsvp: string | null }[];
};

/** An iCalendar text read by ical.js, as a calendar app would: its METHOD and its VEVENTs. */
export const parseIcs = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const value = (component: ICAL.Component, name: string) => {
    const found = component.getFirstPropertyValue(name);
    return found === null || found === undefined ? null : found;
  };
  const dateOf = (component: ICAL.Component, name: string) => {
    const time = value(component, name) as ICAL.Time | null;
    return time ? time.toJSDate() : null;
  };
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((vevent) => ({
    uid: String(value(vevent, 'uid')),
    sequence: Number(value(vevent, 'sequence') ?? 0),
    stamp: dateOf(vevent, 'dtstamp'),
    start: dateOf(vevent, 'dtstart') as Date,
    end: dateOf(vevent, 'dtend') as Date,
    summary: String(value(vevent, 'summary')),
    status: value(vevent, 'status') as string | null,
    description: value(vevent, 'description') as string | null,
    location: value(vevent, 'location') as string | null,
    organizer: value(vevent, 'organizer') as string | null,
    attendees: vevent.getAllProperties('attendee').map((p) => ({
      email: String(p.getFirstValue())
        .replace(/^mailto:/i, '')
        .toLowerCase(),
      rsvp: (p.getParameter('rsvp') as string | undefined) ?? null,
    })),
  }));
  return { method: value(calendar, 'method') as string | null, events };
};
