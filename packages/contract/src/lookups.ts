/**
 * The fixed lookups: values the spec names but gives no calls to edit. One read call serves them
 * (GET /api/lookups); jobs, preferences and CVs store the `value`.
 */
export const jobTypes = [
  { label: 'Full-time', value: 1 },
  { label: 'Part-time', value: 2 },
  { label: 'Contract', value: 3 },
  { label: 'Temporary', value: 4 },
  { label: 'Apprenticeship', value: 5 },
  { label: 'Internship', value: 6 },
  { label: 'Graduate', value: 7 },
  { label: 'Volunteer', value: 8 },
] as const;

export const workModels = [
  { label: 'On-site', value: 'ON_SITE' },
  { label: 'Hybrid', value: 'HYBRID' },
  { label: 'Remote', value: 'REMOTE' },
] as const;

export const experienceRanges = [
  { label: 'No experience needed', value: 'NONE', min: 0, max: 0 },
  { label: 'Under 1 year', value: '0-1', min: 0, max: 1 },
  { label: '1–2 years', value: '1-2', min: 1, max: 2 },
  { label: '3–5 years', value: '3-5', min: 3, max: 5 },
  { label: '5–10 years', value: '5-10', min: 5, max: 10 },
  { label: '10+ years', value: '10+', min: 10, max: 50 },
] as const;

export const salaryDurations = [
  { label: 'per hour', value: 'HOUR' },
  { label: 'per day', value: 'DAY' },
  { label: 'per week', value: 'WEEK' },
  { label: 'per month', value: 'MONTH' },
  { label: 'per year', value: 'YEAR' },
] as const;

/** Annual salary bands (GBP) for the search filter. */
export const salaryRanges = [
  { label: 'Up to £20,000', value: '0-20000', min: 0, max: 20_000, duration: 'YEAR' },
  { label: '£20,000 – £30,000', value: '20000-30000', min: 20_000, max: 30_000, duration: 'YEAR' },
  { label: '£30,000 – £40,000', value: '30000-40000', min: 30_000, max: 40_000, duration: 'YEAR' },
  { label: '£40,000 – £50,000', value: '40000-50000', min: 40_000, max: 50_000, duration: 'YEAR' },
  { label: '£50,000 – £70,000', value: '50000-70000', min: 50_000, max: 70_000, duration: 'YEAR' },
  { label: '£70,000 – £100,000', value: '70000-100000', min: 70_000, max: 100_000, duration: 'YEAR' },
  { label: '£100,000+', value: '100000+', min: 100_000, max: 10_000_000, duration: 'YEAR' },
] as const;

export const travelOptions = [
  { label: 'No travel', value: 0 },
  { label: 'Occasional travel', value: 1 },
  { label: 'Up to 25% travel', value: 2 },
  { label: 'Up to 50% travel', value: 3 },
  { label: 'Frequent travel', value: 4 },
] as const;

export const noticePeriods = [
  { _id: '000000000000000000000001', label: 'Available now', valueInDays: 0 },
  { _id: '000000000000000000000002', label: '1 week', valueInDays: 7 },
  { _id: '000000000000000000000003', label: '2 weeks', valueInDays: 14 },
  { _id: '000000000000000000000004', label: '1 month', valueInDays: 30 },
  { _id: '000000000000000000000005', label: '2 months', valueInDays: 60 },
  { _id: '000000000000000000000006', label: '3 months', valueInDays: 90 },
  { _id: '000000000000000000000007', label: '6 months', valueInDays: 180 },
] as const;

export const hobbies = [
  'Reading',
  'Running',
  'Football',
  'Cycling',
  'Swimming',
  'Hiking',
  'Cooking',
  'Baking',
  'Photography',
  'Music',
  'Playing an instrument',
  'Travel',
  'Gardening',
  'Volunteering',
  'Chess',
  'Gaming',
  'Painting',
  'Writing',
  'Yoga',
  'Languages',
].map((label) => ({ label, value: label.toLowerCase().replace(/[^a-z]+/g, '-') }));

export const jobTypeValues = jobTypes.map((t) => t.value);
export const workModelValues = workModels.map((m) => m.value) as [string, ...string[]];
export const experienceValues = experienceRanges.map((e) => e.value) as [string, ...string[]];
export const salaryDurationValues = salaryDurations.map((d) => d.value) as [string, ...string[]];
export const salaryRangeValues = salaryRanges.map((r) => r.value) as [string, ...string[]];
