const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric' });

const format = (value: unknown) => {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : monthYear.format(date);
};

/** "Sep 2018 – Jun 2021", or "Sep 2022 – now" while it goes on. */
export const periodText = (start: unknown, end: unknown, ongoing: boolean) => `${format(start)} – ${ongoing ? 'now' : format(end)}`;
