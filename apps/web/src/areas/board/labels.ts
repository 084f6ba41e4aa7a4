import type { Address } from '@app/contract/conventions/common';
import { experienceRanges, jobTypes, salaryDurations, workModels } from '@app/contract/lookups';

export const jobTypeLabel = (value: number) => jobTypes.find((t) => t.value === value)?.label ?? `Type ${value}`;
export const workModelLabel = (value: string | null | undefined) => workModels.find((m) => m.value === value)?.label ?? '';
export const experienceLabel = (value: string | null | undefined) => experienceRanges.find((e) => e.value === value)?.label ?? '';

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const moneyWithPence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 2 });

export type Salary = { min: number; max?: number | null; duration: string };

/** "£38,000 – £48,000 per year"; hourly pay keeps its pence. */
export const salaryText = (salary: Salary | undefined) => {
  if (!salary) return '';
  const format = (n: number) => (n < 1000 && !Number.isInteger(n) ? moneyWithPence : money).format(n);
  const per = salaryDurations.find((d) => d.value === salary.duration)?.label ?? '';
  const range = salary.max && salary.max !== salary.min ? `${format(salary.min)} – ${format(salary.max)}` : format(salary.min);
  return `${range} ${per}`.trim();
};

/** "Leeds, LS1 4AP": the town and postcode of an address, or whatever of it there is. */
export const placeText = (address: Partial<Address> | null | undefined) =>
  [address?.city, address?.postCode].filter(Boolean).join(', ') || address?.county || address?.country || '';

/** The whole of an address on one line. */
export const fullAddressText = (address: Partial<Address> | null | undefined) =>
  [address?.building, address?.street, address?.city, address?.county, address?.postCode, address?.country].filter(Boolean).join(', ');

const day = 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export const formatDate = (value: string | null | undefined) => {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
};

/** "Posted today", "Posted 3 days ago", then the date. */
export const postedText = (value: string | null | undefined, now = Date.now()) => {
  if (!value) return '';
  const days = Math.floor((now - new Date(value).getTime()) / day);
  if (Number.isNaN(days)) return '';
  if (days < 1) return 'Posted today';
  if (days === 1) return 'Posted yesterday';
  if (days < 30) return `Posted ${days} days ago`;
  return `Posted ${formatDate(value)}`;
};
