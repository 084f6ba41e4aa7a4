const two = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it: the person's own time zone, to the minute. */
export const toLocalInput = (value: Date | string | null | undefined) => {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
};

/** What a `datetime-local` input holds (the person's own time), as the instant the server stores; '' stays ''. */
export const fromLocalInput = (value: string) => {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};
