/**
 * One organisation's candidates as the CRM list searches and filters them, in memory: what a search
 * engine beside the database would hold. It answers exactly what the list's SQL answers (every word
 * somewhere in the name, email, phone or number, ignoring case; the filters; newest first), so the
 * list can use it in place of that SQL; PostgreSQL stays the record and gives the page's rows.
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

export type CandidateQuery = {
  /** The search's words, in lower case. */
  words: string[];
  filter: Record<string, unknown>;
  visibility: Visibility;
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
  const narrowingLists = (query: CandidateQuery): ArrayLike<number>[] | undefined => {
    const found: ArrayLike<number>[] = [];
    for (const word of query.words) {
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
    /** Every candidate matching, newest first (as the list orders: created, then id, both descending). */
    search(query: CandidateQuery): IndexedCandidate[] {
      const passes = filterTest(query.filter);
      const visible = visibilityTest(query.visibility);
      const { words } = query;
      const matches = (c: IndexedCandidate) => {
        for (const word of words) if (!c.text.includes(word)) return false;
        return passes(c) && visible(c);
      };
      // A date range is a run of the ordered slots; slots put in since the load are checked one by one.
      const range = query.filter.createdAt as { from?: string; to?: string } | undefined;
      const lo = range?.from ? firstOrderedSlot(Date.parse(range.from) * 1000, false) : 0;
      const hi = range?.to ? firstOrderedSlot(Date.parse(range.to) * 1000, true) : orderedUpTo;
      const ordered: IndexedCandidate[] = [];
      const later: IndexedCandidate[] = [];
      const check = (slot: number) => {
        const c = slots[slot];
        if (c && matches(c)) (slot >= orderedUpTo ? later : ordered).push(c);
      };
      const lists = narrowingLists(query);
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
      if (later.length === 0) return ordered;
      later.sort(newestFirst);
      const merged: IndexedCandidate[] = [];
      let i = 0;
      let j = 0;
      while (i < ordered.length || j < later.length) {
        const a = ordered[i];
        const b = later[j];
        if (b === undefined || (a !== undefined && newestFirst(a, b) < 0)) {
          merged.push(a as IndexedCandidate);
          i++;
        } else {
          merged.push(b);
          j++;
        }
      }
      return merged;
    },
  };
};

export type CandidateIndex = ReturnType<typeof createCandidateIndex>;
