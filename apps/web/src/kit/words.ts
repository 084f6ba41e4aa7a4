export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** ACTIVE → Active, STATUS_CHANGE → Status change, organisationId → Organisation. */
export const humanise = (value: string) =>
  capitalise(
    value
      .replace(/Id$/, '')
      .replace(/_/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase(),
  );

export const plural = (noun: string) => (noun.endsWith('s') ? noun : noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`);

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (value: unknown) => {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
};

/** Ends a message with a full stop unless it has its own ending. */
export const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
