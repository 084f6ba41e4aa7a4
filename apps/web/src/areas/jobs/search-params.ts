import type { JobSearch } from '@app/contract/resources/job-board/job';

export type Unit = 'mi' | 'km';
export type Sort = 'relevance' | 'date' | 'distance';

/** A search as the address bar holds it, so it can be shared and reloaded. */
export type SearchState = {
  q: string;
  place: string;
  radius: number;
  unit: Unit;
  types: string[];
  models: string[];
  industries: string[];
  experience: string[];
  salary: string;
  posted: string;
  sort: Sort;
  page: number;
};

export const radiusChoices = [1, 3, 5, 10, 15, 20, 30, 50, 100] as const;
const defaultRadius = 10;

export const emptySearch: SearchState = {
  q: '',
  place: '',
  radius: defaultRadius,
  unit: 'mi',
  types: [],
  models: [],
  industries: [],
  experience: [],
  salary: '',
  posted: '',
  sort: 'relevance',
  page: 1,
};

const positive = (text: string | null, fallback: number) => {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Reads ?q=&place=&radius=&unit=&type=&model=&industry=&exp=&salary=&posted=&sort=&page= (repeated keys for several values). */
export const readSearch = (params: URLSearchParams): SearchState => ({
  q: params.get('q') ?? '',
  place: params.get('place') ?? '',
  radius: Math.min(positive(params.get('radius'), defaultRadius), 500),
  unit: params.get('unit') === 'km' ? 'km' : 'mi',
  types: params.getAll('type'),
  models: params.getAll('model'),
  industries: params.getAll('industry'),
  experience: params.getAll('exp'),
  salary: params.get('salary') ?? '',
  posted: params.get('posted') ?? '',
  sort: params.get('sort') === 'date' ? 'date' : params.get('sort') === 'distance' ? 'distance' : 'relevance',
  page: Math.floor(positive(params.get('page'), 1)),
});

/** The address bar's query for a search, leaving out what is at its default. */
export const writeSearch = (state: SearchState) => {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.place.trim()) {
    params.set('place', state.place.trim());
    if (state.radius !== defaultRadius) params.set('radius', String(state.radius));
    if (state.unit !== 'mi') params.set('unit', state.unit);
  }
  for (const value of state.types) params.append('type', value);
  for (const value of state.models) params.append('model', value);
  for (const value of state.industries) params.append('industry', value);
  for (const value of state.experience) params.append('exp', value);
  if (state.salary) params.set('salary', state.salary);
  if (state.posted) params.set('posted', state.posted);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
};

export const pageSize = 10;

/** The request the search call takes. */
export const toRequest = (state: SearchState): JobSearch => ({
  page: state.page,
  limit: pageSize,
  search: state.q.trim(),
  ...(state.place.trim() ? { location: { place: state.place.trim(), radius: state.radius, unit: state.unit } } : {}),
  filter: {
    ...(state.types.length ? { jobTypes: state.types.map(Number).filter(Number.isFinite) } : {}),
    ...(state.models.length ? { workModel: state.models } : {}),
    ...(state.industries.length ? { industries: state.industries } : {}),
    ...(state.experience.length ? { experience: state.experience } : {}),
    ...(state.salary ? { salaryRange: state.salary } : {}),
    ...(state.posted ? { postedWithinDays: Number(state.posted) } : {}),
  },
  sort: sortOf(state),
});

/** Nearest first needs a place to measure from; without one the search is by relevance. */
export const sortOf = (state: SearchState): Sort => (state.sort === 'distance' && !state.place.trim() ? 'relevance' : state.sort);

/** How many filters (beyond words and place) are on. */
export const filterCount = (state: SearchState) =>
  state.types.length +
  state.models.length +
  state.industries.length +
  state.experience.length +
  (state.salary ? 1 : 0) +
  (state.posted ? 1 : 0);
