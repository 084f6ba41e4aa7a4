/**
 * One organisation's candidates as the CRM list searches, filters and sorts them, in memory: what a
 * search engine beside the database would hold. It answers exactly what the list's SQL answers (for
 * one of the search's alternatives, every term somewhere in the name, email, phone, number or
 * keywords, ignoring case; the filters; newest first or by a sort key), so the list can use it in
 * place of that SQL; PostgreSQL stays the record and gives the page's rows.
 *
 * A word of three letters or more is looked up through trigrams: each candidate's texts are cut into
 * every run of three characters, and each run lists the candidates holding it (ascending slots).
 * Each filter value (a skill, an owner, a city...) lists its candidates the same way. A list is
 * answered from the intersection of the shortest of those lists; each candidate in it is then
 * checked in full against the words, the filters and the caller's scope.
 */

/** A candidate as the index holds it; `texts` in lower case, `createdAt` in microseconds. */
export type IndexedCandidate = {
  id: string;
  createdAt: number;
  /**
   * What each sortable field orders by, in the definition's order of them, as the database gives
   * it (a text in its lower case, empty as null; a date in microseconds), so the index orders
   * exactly as the SQL does.
   */
  sortKeys: (string | number | null)[];
  /** The texts searched, one per line (a search word never holds a line break). */
  text: string;
  status: string;
  ownerId: string | null;
  teamId: string | null;
  noticePeriodId: string | null;
  city: string | null;
  skillIds: string[];
  jobTypes: number[];
  workModel: string[];
};

/** Which candidates the caller may see beyond the organisation (their OWN or TEAM scope). */
export type Visibility = { ownerId?: string; visibleTo?: { userId: string; teamIds: string[] } };

export type IndexSort = { key: number; direction: 'asc' | 'desc' };

export type CandidateQuery = {
  /** The search's alternatives, each a list of terms in lower case; none finds every candidate. */
  groups: string[][];
  filter: Record<string, unknown>;
  visibility: Visibility;
  /** By a sort key (its place in `sortKeys`), ties newest first; newest first without it. */
  sort?: IndexSort;
};

const valueFilters = ['status', 'ownerId', 'noticePeriodId', 'city'] as const;
const listFilters = ['skillIds', 'jobTypes', 'workModel'] as const;
/** The filters the index answers; a list asking for any other goes to the database. */
export const indexedFilters = new Set<string>([...valueFilters, ...listFilters, 'createdAt']);

const gramLength = 3;
/** A list this many times longer than what is left costs more to intersect than checking what is left. */
const worthIntersecting = 8;

/** Ascending slots in both `a` and `b`. */
const intersect = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out;
};

/** The list's order: newest first, then by id, descending. */
export const newestFirst = (a: IndexedCandidate, b: IndexedCandidate) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Texts compared as collation "C" compares them: by code point (UTF-16 differs only above U+FFFF). */
export const compareCodePoints = (a: string, b: string) => {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      const xHigh = x >= 0xd800 && x <= 0xdfff;
      const yHigh = y >= 0xd800 && y <= 0xdfff;
      return xHigh === yHigh ? x - y : xHigh ? 1 : -1;
    }
  }
  return a.length - b.length;
};

/** A sorted list's order: the key in its direction, empty ones last either way, then newest first by id. */
export const sortedBy =
  ({ key, direction }: IndexSort) =>
  (a: IndexedCandidate, b: IndexedCandidate) => {
    const x = a.sortKeys[key] ?? null;
    const y = b.sortKeys[key] ?? null;
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else {
      const c = typeof x === 'number' ? x - (y as number) : compareCodePoints(x, y as string);
      if (c !== 0) return direction === 'asc' ? c : -c;
    }
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  };

/** Two runs, each in `order`, as one. */
const mergeRuns = <T>(a: T[], b: T[], order: (x: T, y: T) => number) => {
  if (b.length === 0) return a;
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && order(x, y) <= 0)) {
      merged.push(x as T);
      i++;
    } else {
      merged.push(y);
      j++;
    }
  }
  return merged;
};

/** A sort's ranking is built again once this many candidates have been put in since. */
const rerankAfter = 4096;

const valuesOf = (value: unknown) => (Array.isArray(value) ? value : [value]);
/** A filter value's list; a number and its digits as text are different values, as in JSON. */
const filterKey = (key: string, value: string | number) => `\u0000${key}\u0000${typeof value}\u0000${value}`;

/** The filters as the list's SQL applies them: one value or any of several; a list column holding any; a date range. */
const filterTest = (filter: Record<string, unknown>): ((c: IndexedCandidate) => boolean) => {
  const tests: ((c: IndexedCandidate) => boolean)[] = [];
  for (const key of valueFilters) {
    if (filter[key] === undefined) continue;
    const wanted = new Set(valuesOf(filter[key]));
    if (wanted.size > 0) tests.push((c) => c[key] !== null && wanted.has(c[key]));
  }
  for (const key of listFilters) {
    if (filter[key] === undefined) continue;
    const wanted = valuesOf(filter[key]) as (string | number)[];
    if (wanted.length > 0) tests.push((c) => (c[key] as (string | number)[]).some((held) => wanted.includes(held)));
  }
  const range = filter.createdAt as { from?: string; to?: string } | undefined;
  if (range?.from) {
    const from = Date.parse(range.from) * 1000;
    tests.push((c) => c.createdAt >= from);
  }
  if (range?.to) {
    const to = Date.parse(range.to) * 1000;
    tests.push((c) => c.createdAt <= to);
  }
  return (c) => tests.every((test) => test(c));
};

/** As the repository's scope: their own (`ownerId`), and or theirs or their teams' (`visibleTo`). */
const visibilityTest = ({ ownerId, visibleTo }: Visibility): ((c: IndexedCandidate) => boolean) => {
  const tests: ((c: IndexedCandidate) => boolean)[] = [];
  if (ownerId !== undefined) tests.push((c) => c.ownerId === ownerId);
  if (visibleTo) {
    const teams = new Set(visibleTo.teamIds);
    tests.push((c) => c.ownerId === visibleTo.userId || (c.teamId !== null && teams.has(c.teamId)));
  }
  return (c) => tests.every((test) => test(c));
};

export const createCandidateIndex = () => {
  const slots: (IndexedCandidate | null)[] = [];
  /** Each slot's creation time, kept when its candidate leaves, so the ordered slots can be searched by date. */
  const createdAtOf: number[] = [];
  /** The slots below this one are in the list's order reversed (oldest first), as loaded. */
  let orderedUpTo = 0;
  const slotOf = new Map<string, number>();
  /**
   * For each trigram and each filter value, its candidates' slots, ascending: packed once loaded
   * (four bytes a slot), and a list a later candidate joins grows again as an array.
   */
  const lists = new Map<string, number[] | Int32Array>();
  let removed = 0;

  const listed = (key: string, slot: number) => {
    const list = lists.get(key);
    if (Array.isArray(list)) list.push(slot);
    else lists.set(key, list ? [...list, slot] : [slot]);
  };

  const add = (candidate: IndexedCandidate) => {
    const slot = slots.length;
    slots.push(candidate);
    createdAtOf.push(candidate.createdAt);
    slotOf.set(candidate.id, slot);
    const { text } = candidate;
    const held = new Set<string>();
    for (let i = 0; i + gramLength <= text.length; i++) {
      const gram = text.slice(i, i + gramLength);
      // Across two texts' line break: no search word holds one.
      if (!gram.includes('\n')) held.add(gram);
    }
    for (const gram of held) listed(gram, slot);
    for (const key of valueFilters) if (candidate[key] !== null) listed(filterKey(key, candidate[key]), slot);
    for (const key of listFilters) for (const value of new Set<string | number>(candidate[key])) listed(filterKey(key, value), slot);
  };

  const remove = (id: string) => {
    const slot = slotOf.get(id);
    if (slot === undefined) return;
    slots[slot] = null;
    slotOf.delete(id);
    removed++;
  };

  /**
   * The lists whose every candidate may match: each word's trigrams, and the filters asking for one
   * value; undefined when there are none (every candidate is checked).
   */
  const narrowingLists = (words: string[], query: CandidateQuery): ArrayLike<number>[] | undefined => {
    const found: ArrayLike<number>[] = [];
    for (const word of words) {
      for (let i = 0; i + gramLength <= word.length; i++) found.push(lists.get(word.slice(i, i + gramLength)) ?? []);
    }
    for (const key of [...valueFilters, ...listFilters]) {
      const value = query.filter[key];
      const one = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
      if (one !== undefined) found.push(lists.get(filterKey(key, one as string | number)) ?? []);
    }
    return found.length > 0 ? found : undefined;
  };

  /** The shortest lists' intersection, stopping where checking what is left costs less. */
  const narrowed = (found: ArrayLike<number>[]) => {
    found.sort((a, b) => a.length - b.length);
    let slotsLeft = found[0] as ArrayLike<number>;
    for (const list of found.slice(1)) {
      if (slotsLeft.length === 0 || list.length > worthIntersecting * slotsLeft.length) break;
      slotsLeft = intersect(slotsLeft, list);
    }
    return slotsLeft;
  };

  /** The first ordered slot created at or after `time` (or, `after`, strictly after it). */
  const firstOrderedSlot = (time: number, after: boolean) => {
    let lo = 0;
    let hi = orderedUpTo;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = createdAtOf[mid] as number;
      if (at < time || (after && at === time)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /** Slots, descending, newest first: those loaded in order as they are, those put in since by their time. */
  const newestOrder = (found: number[]) => {
    const ordered: IndexedCandidate[] = [];
    const later: IndexedCandidate[] = [];
    for (const slot of found) (slot >= orderedUpTo ? later : ordered).push(slots[slot] as IndexedCandidate);
    return mergeRuns(ordered, later.sort(newestFirst), newestFirst);
  };

  /**
   * Per sort (field and direction), every slot's place in that order as it was when ranked: built
   * at the first list sorted so, and again once many candidates have been put in since. Those put
   * in since are placed by comparing; those taken out are never asked for.
   */
  const rankings = new Map<string, { upTo: number; order: Int32Array; rank: Int32Array }>();
  const rankingOf = (sort: IndexSort) => {
    const key = `${sort.key} ${sort.direction}`;
    const held = rankings.get(key);
    if (held && slots.length - held.upTo < rerankAfter) return held;
    const live: number[] = [];
    for (let slot = 0; slot < slots.length; slot++) if (slots[slot]) live.push(slot);
    const order = sortedBy(sort);
    live.sort((a, b) => order(slots[a] as IndexedCandidate, slots[b] as IndexedCandidate));
    const rank = new Int32Array(slots.length);
    live.forEach((slot, place) => {
      rank[slot] = place;
    });
    const built = { upTo: slots.length, order: Int32Array.from(live), rank };
    rankings.set(key, built);
    return built;
  };

  const inSortOrder = (found: number[], sort: IndexSort) => {
    const { upTo, order, rank } = rankingOf(sort);
    const ranked: number[] = [];
    const later: IndexedCandidate[] = [];
    for (const slot of found) {
      if (slot < upTo) ranked.push(slot);
      else later.push(slots[slot] as IndexedCandidate);
    }
    let inOrder: IndexedCandidate[];
    if (ranked.length * 16 < order.length) {
      // A few: sorted by their places.
      inOrder = ranked.sort((a, b) => (rank[a] as number) - (rank[b] as number)).map((slot) => slots[slot] as IndexedCandidate);
    } else {
      // Many: the ranking read through once, keeping those found.
      const wanted = new Uint8Array(upTo);
      for (const slot of ranked) wanted[slot] = 1;
      inOrder = [];
      for (const slot of order) if (wanted[slot]) inOrder.push(slots[slot] as IndexedCandidate);
    }
    const compare = sortedBy(sort);
    return mergeRuns(inOrder, later.sort(compare), compare);
  };

  return {
    /**
     * Marks what has been put in so far as loaded in the list's order reversed (created, then id,
     * ascending), so a search reads it backwards instead of sorting it. Checked: out of order, it is not.
     */
    loaded() {
      for (const [key, list] of lists) if (Array.isArray(list)) lists.set(key, Int32Array.from(list));
      for (let slot = 1; slot < slots.length; slot++) {
        const a = slots[slot - 1];
        const b = slots[slot];
        if (a && b && newestFirst(a, b) < 0) return;
      }
      orderedUpTo = slots.length;
    },
    /** Puts a candidate in, or takes it out (null): a changed candidate takes a new slot. */
    put(id: string, candidate: IndexedCandidate | null) {
      remove(id);
      if (candidate) add(candidate);
    },
    /** How many candidates it holds, and how many slots it has given up to changes since it was built. */
    size: () => slotOf.size,
    removed: () => removed,
    /** Every candidate matching, in the list's order: newest first (created, then id, both descending) or sorted. */
    search(query: CandidateQuery): IndexedCandidate[] {
      const passes = filterTest(query.filter);
      const visible = visibilityTest(query.visibility);
      // A date range is a run of the ordered slots; slots put in since the load are checked one by one.
      const range = query.filter.createdAt as { from?: string; to?: string } | undefined;
      const lo = range?.from ? firstOrderedSlot(Date.parse(range.from) * 1000, false) : 0;
      const hi = range?.to ? firstOrderedSlot(Date.parse(range.to) * 1000, true) : orderedUpTo;
      /** One alternative's matching slots, descending. */
      const matching = (words: string[], found: number[]) => {
        const check = (slot: number) => {
          const c = slots[slot];
          if (!c) return;
          for (const word of words) if (!c.text.includes(word)) return;
          if (passes(c) && visible(c)) found.push(slot);
        };
        const lists = narrowingLists(words, query);
        if (lists) {
          const list = narrowed(lists);
          for (let i = list.length - 1; i >= 0; i--) {
            const slot = list[i] as number;
            if (slot >= orderedUpTo || (slot >= lo && slot < hi)) check(slot);
          }
        } else {
          for (let slot = slots.length - 1; slot >= orderedUpTo; slot--) check(slot);
          for (let slot = hi - 1; slot >= lo; slot--) check(slot);
        }
      };
      const groups = query.groups.length > 0 ? query.groups : [[]];
      let found: number[] = [];
      for (const words of groups) matching(words, found);
      if (groups.length > 1) {
        // A candidate found by several alternatives is listed once.
        const sorted = Int32Array.from(found).sort().reverse();
        found = [];
        for (const slot of sorted) if (found.at(-1) !== slot) found.push(slot);
      }
      return query.sort ? inSortOrder(found, query.sort) : newestOrder(found);
    },
  };
};

export type CandidateIndex = ReturnType<typeof createCandidateIndex>;
