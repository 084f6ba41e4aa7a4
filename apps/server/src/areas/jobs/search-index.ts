import { greatCircle } from '../../services/gazetteer';

/**
 * The public job search's index: every open job's words, place and filter values, held in each API
 * process's memory in columns (typed arrays) and word lists, the way a search engine holds them.
 * PostgreSQL stays the record (`job_search`, kept by a trigger); `search-index-sync.ts` loads the
 * index from it and brings it up to date before every search. A search reads no table: it marks the
 * jobs having every word, walks the open jobs newest first checking place and filters, counts up to
 * `countLimit` + 1, and keeps the page (or the `rankWindow` newest, ranked). Nothing here waits.
 */

/** One open job as the index takes it in (a row of `job_search`, dates as epoch milliseconds). */
export type IndexedJob = {
  jobId: string;
  recruiterId: string;
  isFeaturedJob: boolean;
  postedOn: number | null;
  applicationStartDate: number | null;
  applicationEndDate: number | null;
  latitude: number | null;
  longitude: number | null;
  annualSalaryMin: number | null;
  annualSalaryMax: number | null;
  jobTypes: number[];
  industries: string[];
  workModel: string | null;
  experience: string | null;
  /** Each word (a lexeme of the job's search vector) with its weight: tenths, summed over its occurrences (title 10, skills and company 4, summary 2, text 1). */
  words: Map<string, number>;
  /** What a search answers for the job (its result card as JSON), kept as bytes outside the JavaScript heap. */
  card?: string;
};

/** What a search asks of the index, its words already reduced to lexemes (each a prefix). */
export type IndexQuery = {
  /** Every word must match; each is a prefix of the job's words. Empty: no word condition. */
  words: string[];
  /** Words were typed but none is searchable (all stop words such as "the"): nothing matches. */
  noWordMatches: boolean;
  /** Around a place: the radius in the unit of `earthRadius`, and the box (in degrees) that holds the circle. */
  place?: { latitude: number; longitude: number; radius: number; earthRadius: number; dLat: number; dLon: number };
  jobTypes?: readonly number[];
  workModel?: readonly string[];
  experience?: readonly string[];
  industries?: readonly string[];
  salary?: { min: number; max: number };
  postedSince?: number;
  recruiterId?: string;
  order: 'relevance' | 'date' | 'distance';
  offset: number;
  limit: number;
  /** By relevance, how many of the newest matches are ranked. */
  window: number;
  countLimit: number;
  now: number;
};

export type IndexHit = { jobId: string; recruiterId: string; card: string; relevance: number; distance: number | null };

/** The weight, in tenths, of a search-vector position's class: A (title) 1.0, B 0.4, C 0.2, D 0.1, as `ts_rank_cd` weighs them. */
export const weightOf: Record<string, number> = { A: 10, B: 4, C: 2, D: 1 };

const growFloat = (a: Float64Array, size: number) => {
  const b = new Float64Array(size).fill(Number.NaN);
  b.set(a);
  return b;
};
const growInt = <T extends Int32Array | Uint8Array | Int16Array | Uint32Array | Uint16Array>(a: T, size: number): T => {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
};

/**
 * A word's jobs: slots in increasing order with a weight each (slots only ever grow), and for a
 * common word the same as one bit per slot, so a search combines it with others a machine word at a time.
 */
type Postings = { slots: Int32Array; weights: Uint16Array; length: number; bits: Uint32Array | null };
/** From how many jobs a word also keeps its bits. */
const bitsFrom = 512;

/**
 * The jobs in one square of the map: loaded ones as a run of neighbouring slots `from`..`to` (newest
 * first, as `order`; gone ones among them until the next compaction), later ones listed in `slots`,
 * newest first too.
 */
type Cell = { lat: number; lon: number; from: number; to: number; slots: Int32Array; length: number };
const cellDegrees = 0.1;

const noValue = Number.NaN;

export const createSearchIndex = () => {
  let capacity = 1024;
  let slots = 0;
  let dead = 0;
  let ids: (string | null)[] = [];
  const slotOf = new Map<string, number>();
  let alive = new Uint8Array(capacity);
  let featured = new Uint8Array(capacity);
  let posted = new Float64Array(capacity).fill(noValue);
  let opens = new Float64Array(capacity).fill(noValue);
  let closes = new Float64Array(capacity).fill(noValue);
  let latitude = new Float64Array(capacity).fill(noValue);
  let longitude = new Float64Array(capacity).fill(noValue);
  let salaryMin = new Float64Array(capacity).fill(noValue);
  let salaryMax = new Float64Array(capacity).fill(noValue);
  let recruiter = new Int32Array(capacity);
  /**
   * Each job's card: where its bytes start in `cardBytes` and how many there are. A million cards
   * held as strings cost every garbage collection the time to look at each; in one buffer they cost
   * none, and a replaced card's bytes are reclaimed once they are half of it.
   */
  let cardAt = new Float64Array(capacity);
  let cardSize = new Int32Array(capacity);
  let cardBytes = Buffer.allocUnsafe(1 << 16);
  let cardUsed = 0;
  let cardDead = 0;
  const keepCard = (slot: number, card: string) => {
    const size = Buffer.byteLength(card);
    if (cardUsed + size > cardBytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(cardBytes.length * 2, cardUsed + size));
      cardBytes.copy(grown, 0, 0, cardUsed);
      cardBytes = grown;
    }
    cardBytes.write(card, cardUsed);
    cardAt[slot] = cardUsed;
    cardSize[slot] = size;
    cardUsed += size;
  };
  const cardOf = (slot: number) =>
    cardBytes.toString('utf8', cardAt[slot] as number, (cardAt[slot] as number) + (cardSize[slot] as number));
  const compactCards = () => {
    if (cardDead < 1 << 20 || cardDead * 2 < cardUsed) return;
    const kept = Buffer.allocUnsafe(Math.max(1 << 16, (cardUsed - cardDead) * 2));
    let used = 0;
    for (let slot = 0; slot < slots; slot++) {
      if (!alive[slot]) continue;
      const at = cardAt[slot] as number;
      cardBytes.copy(kept, used, at, at + (cardSize[slot] as number));
      cardAt[slot] = used;
      used += cardSize[slot] as number;
    }
    cardBytes = kept;
    cardUsed = used;
    cardDead = 0;
  };
  /** The open jobs, one bit per slot. */
  let aliveBits = new Uint32Array(capacity >>> 5);
  /**
   * Each filter value's jobs, one bit per slot (`w:HYBRID`, `e:1-2`, `t:3`, `i:<industry>`): a filter
   * is an OR of its values' bits, every filter and the words an AND, 32 jobs at a time.
   */
  const valueBits = new Map<string, Uint32Array>();
  const setBit = (bits: Uint32Array, slot: number) => {
    bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
  };
  const addValue = (key: string, slot: number) => {
    let bits = valueBits.get(key);
    if (!bits) {
      bits = new Uint32Array(capacity >>> 5);
      valueBits.set(key, bits);
    }
    setBit(bits, slot);
  };

  const recruiters = new Map<string, number>();
  const recruiterIds: string[] = [];
  let recruiterDown = new Uint8Array(64);
  const recruiterCode = (id: string) => {
    let code = recruiters.get(id);
    if (code === undefined) {
      code = recruiters.size;
      recruiters.set(id, code);
      recruiterIds.push(id);
      if (code >= recruiterDown.length) recruiterDown = growInt(recruiterDown, recruiterDown.length * 2);
    }
    return code;
  };

  const postings = new Map<string, Postings>();
  /** Jobs on the map, by square of `cellDegrees` (about 7 miles north to south): a search around a place reads only the squares it touches. */
  const cells = new Map<number, Cell>();
  const cellKey = (latIndex: number, lonIndex: number) => (latIndex + 1000) * 4000 + (lonIndex + 2000);
  const cellsAround = (place: NonNullable<IndexQuery['place']>) => {
    const fromLat = Math.floor((place.latitude - place.dLat) / cellDegrees);
    const toLat = Math.floor((place.latitude + place.dLat) / cellDegrees);
    const fromLon = Math.floor((place.longitude - place.dLon) / cellDegrees);
    const toLon = Math.floor((place.longitude + place.dLon) / cellDegrees);
    const found: Cell[] = [];
    const inside: boolean[] = [];
    // A cell whose four corners are within the radius (with a margin for the map's curve) is wholly within it.
    const near = (lat: number, lon: number) =>
      greatCircle(place, { latitude: lat, longitude: lon }, place.earthRadius) <= place.radius * 0.999;
    let size = 0;
    const take = (cell: Cell | undefined) => {
      if (!cell) return;
      found.push(cell);
      const [south, west] = [cell.lat * cellDegrees, cell.lon * cellDegrees];
      const [north, east] = [south + cellDegrees, west + cellDegrees];
      inside.push(near(south, west) && near(south, east) && near(north, west) && near(north, east));
      size += cell.to - cell.from + cell.length;
    };
    if ((toLat - fromLat + 1) * (toLon - fromLon + 1) <= cells.size) {
      for (let la = fromLat; la <= toLat; la++) for (let lo = fromLon; lo <= toLon; lo++) take(cells.get(cellKey(la, lo)));
    } else {
      for (const cell of cells.values())
        if (cell.lat >= fromLat && cell.lat <= toLat && cell.lon >= fromLon && cell.lon <= toLon) take(cell);
    }
    return { cells: found, inside, size };
  };
  const putOnMap = (slot: number, inOrder: boolean) => {
    const lat = latitude[slot] as number;
    const lon = longitude[slot] as number;
    if (Number.isNaN(lat) || Number.isNaN(lon)) return;
    const la = Math.floor(lat / cellDegrees);
    const lo = Math.floor(lon / cellDegrees);
    const key = cellKey(la, lo);
    let cell = cells.get(key);
    if (!cell) {
      cell = { lat: la, lon: lo, from: 0, to: 0, slots: new Int32Array(16), length: 0 };
      cells.set(key, cell);
    }
    if (cell.length === cell.slots.length) cell.slots = growInt(cell.slots, cell.length * 2);
    let at = cell.length;
    if (inOrder) {
      let lo = 0;
      while (lo < at) {
        const mid = (lo + at) >>> 1;
        if (before(cell.slots[mid] as number, slot)) lo = mid + 1;
        else at = mid;
      }
      cell.slots.copyWithin(at + 1, at, cell.length);
    }
    cell.slots[at] = slot;
    cell.length++;
  };
  /** Every word known, in order, so a prefix is a range (kept sorted as words arrive). */
  const lexemes: string[] = [];
  /** Open jobs newest first (featured first), as `job_search_newest` orders them: slots, and each slot's place in it. */
  let order = new Int32Array(capacity);
  let orderLength = 0;
  let rankOf = new Int32Array(capacity);

  const ensureCapacity = (needed: number) => {
    if (needed <= capacity) return;
    let size = capacity;
    while (size < needed) size *= 2;
    alive = growInt(alive, size);
    featured = growInt(featured, size);
    posted = growFloat(posted, size);
    opens = growFloat(opens, size);
    closes = growFloat(closes, size);
    latitude = growFloat(latitude, size);
    longitude = growFloat(longitude, size);
    salaryMin = growFloat(salaryMin, size);
    salaryMax = growFloat(salaryMax, size);
    recruiter = growInt(recruiter, size);
    cardAt = growFloat(cardAt, size);
    cardSize = growInt(cardSize, size);
    aliveBits = growInt(aliveBits, size >>> 5);
    for (const [key, bits] of valueBits) valueBits.set(key, growInt(bits, size >>> 5));
    order = growInt(order, size);
    rankOf = growInt(rankOf, size);
    for (const list of postings.values()) if (list.bits) list.bits = growInt(list.bits, size >>> 5);
    capacity = size;
  };

  const firstLexemeAtLeast = (word: string) => {
    let lo = 0;
    let hi = lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((lexemes[mid] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const post = (lexeme: string, slot: number, weight: number) => {
    let list = postings.get(lexeme);
    if (!list) {
      list = { slots: new Int32Array(4), weights: new Uint16Array(4), length: 0, bits: null };
      postings.set(lexeme, list);
      lexemes.splice(firstLexemeAtLeast(lexeme), 0, lexeme);
    }
    if (list.length === list.slots.length) {
      list.slots = growInt(list.slots, list.length * 2);
      list.weights = growInt(list.weights, list.length * 2);
    }
    list.slots[list.length] = slot;
    list.weights[list.length] = Math.min(weight, 65_535);
    list.length++;
    if (list.bits) list.bits[slot >>> 5] = (list.bits[slot >>> 5] as number) | (1 << (slot & 31));
    else if (list.length >= bitsFrom) list.bits = bitsOf(list);
  };

  const bitsOf = (list: Postings) => {
    const bits = new Uint32Array(capacity >>> 5);
    for (let n = 0; n < list.length; n++) {
      const slot = list.slots[n] as number;
      bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
    }
    return bits;
  };

  /** Whether slot a comes before slot b newest first: featured, then posted (none first, as PostgreSQL's `desc`), then id, descending. */
  const before = (a: number, b: number) => {
    if (featured[a] !== featured[b]) return (featured[a] as number) > (featured[b] as number);
    const pa = posted[a] as number;
    const pb = posted[b] as number;
    if (pa !== pb) {
      if (Number.isNaN(pa)) return true;
      if (Number.isNaN(pb)) return false;
      return pa > pb;
    }
    return (ids[a] as string) > (ids[b] as string);
  };
  const placeInOrder = (slot: number) => {
    let lo = 0;
    let hi = orderLength;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(order[mid] as number, slot)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const add = (job: IndexedJob, inOrder: boolean) => {
    ensureCapacity(slots + 1);
    const slot = slots++;
    ids[slot] = job.jobId;
    slotOf.set(job.jobId, slot);
    alive[slot] = 1;
    featured[slot] = job.isFeaturedJob ? 1 : 0;
    posted[slot] = job.postedOn ?? noValue;
    opens[slot] = job.applicationStartDate ?? noValue;
    closes[slot] = job.applicationEndDate ?? noValue;
    latitude[slot] = job.latitude ?? noValue;
    longitude[slot] = job.longitude ?? noValue;
    salaryMin[slot] = job.annualSalaryMin ?? noValue;
    salaryMax[slot] = job.annualSalaryMax ?? noValue;
    recruiter[slot] = recruiterCode(job.recruiterId);
    keepCard(slot, job.card ?? '');
    setBit(aliveBits, slot);
    if (job.workModel) addValue(`w:${job.workModel}`, slot);
    if (job.experience) addValue(`e:${job.experience}`, slot);
    for (const type of job.jobTypes) addValue(`t:${type}`, slot);
    for (const industry of job.industries) addValue(`i:${industry}`, slot);
    for (const [lexeme, weight] of job.words) post(lexeme, slot, weight);
    putOnMap(slot, inOrder);
    return slot;
  };

  const addInOrder = (job: IndexedJob) => {
    const slot = add(job, true);
    const at = placeInOrder(slot);
    order.copyWithin(at + 1, at, orderLength);
    order[at] = slot;
    orderLength++;
  };

  const remove = (jobId: string) => {
    const slot = slotOf.get(jobId);
    if (slot === undefined) return -1;
    slotOf.delete(jobId);
    let at = placeInOrder(slot);
    while (order[at] !== slot) at++;
    order.copyWithin(at, at + 1, orderLength);
    orderLength--;
    // Its id stays: the slot keeps its place among the cells' others until the next compaction.
    alive[slot] = 0;
    aliveBits[slot >>> 5] = (aliveBits[slot >>> 5] as number) & ~(1 << (slot & 31));
    dead++;
    cardDead += cardSize[slot] as number;
    return at;
  };

  const renumber = () => {
    for (let n = 0; n < orderLength; n++) rankOf[order[n] as number] = n;
  };

  /**
   * Moves every open job to the slot `newSlot` gives it (-1: gone), `next` slots in all. With
   * `inOrder`, slots keep their relative order (a compaction) and word lists stay sorted as they are;
   * otherwise each list is sorted again.
   */
  const renumberSlots = (newSlot: Int32Array, next: number, inOrder: boolean) => {
    const move = <T extends Float64Array | Uint8Array | Int32Array | Uint32Array>(a: T) => {
      const before = a.slice(0, slots);
      for (let slot = 0; slot < slots; slot++) {
        const to = newSlot[slot] as number;
        if (to >= 0) a[to] = before[slot] as number;
      }
    };
    for (const column of [alive, featured, posted, opens, closes, latitude, longitude, salaryMin, salaryMax, recruiter, cardAt, cardSize])
      move(column);
    const moveBits = (bits: Uint32Array) => {
      const moved = new Uint32Array(bits.length);
      for (let slot = 0; slot < slots; slot++) {
        const to = newSlot[slot] as number;
        if (to >= 0 && ((bits[slot >>> 5] as number) >>> (slot & 31)) & 1) setBit(moved, to);
      }
      return moved;
    };
    aliveBits = moveBits(aliveBits);
    for (const [key, bits] of valueBits) valueBits.set(key, moveBits(bits));
    for (const [lexeme, list] of postings) {
      let length = 0;
      for (let n = 0; n < list.length; n++) {
        const to = newSlot[list.slots[n] as number] as number;
        if (to < 0) continue;
        list.slots[length] = to;
        list.weights[length] = list.weights[n] as number;
        length++;
      }
      list.length = length;
      if (!inOrder && length > 1) {
        // Slot and weight in one number, sorted natively, then split again.
        const pairs = new Float64Array(length);
        for (let n = 0; n < length; n++) pairs[n] = (list.slots[n] as number) * 65_536 + (list.weights[n] as number);
        pairs.sort();
        for (let n = 0; n < length; n++) {
          const pair = pairs[n] as number;
          list.slots[n] = Math.floor(pair / 65_536);
          list.weights[n] = pair % 65_536;
        }
      }
      if (list.bits || length >= bitsFrom) list.bits = length >= bitsFrom ? bitsOf(list) : null;
      if (length === 0) {
        postings.delete(lexeme);
        lexemes.splice(firstLexemeAtLeast(lexeme), 1);
      }
    }
    for (const [key, cell] of cells) {
      let length = 0;
      for (let n = 0; n < cell.length; n++) {
        const to = newSlot[cell.slots[n] as number] as number;
        if (to >= 0) cell.slots[length++] = to;
      }
      cell.length = length;
      // In order, the run's open jobs land side by side again (nothing else lay between them).
      let from = -1;
      let to = -1;
      for (let slot = cell.from; slot < cell.to; slot++) {
        const moved = newSlot[slot] as number;
        if (moved < 0) continue;
        if (from < 0) from = moved;
        to = moved + 1;
      }
      cell.from = Math.max(from, 0);
      cell.to = Math.max(to, 0);
      if (length === 0 && cell.to === cell.from) cells.delete(key);
    }
    const newIds: (string | null)[] = new Array(next).fill(null);
    for (let slot = 0; slot < slots; slot++) {
      const to = newSlot[slot] as number;
      if (to >= 0) {
        newIds[to] = ids[slot] ?? null;
        slotOf.set(ids[slot] as string, to);
      }
    }
    ids = newIds;
    for (let n = 0; n < orderLength; n++) order[n] = newSlot[order[n] as number] as number;
    alive.fill(0, next, slots);
    slots = next;
    dead = 0;
  };

  /**
   * Rebuilt without the slots of jobs gone or replaced once they are a quarter of all, so memory and
   * word lists do not grow with every edit.
   */
  const compact = () => {
    if (dead < 1000 || dead * 4 < slots) return;
    const newSlot = new Int32Array(slots).fill(-1);
    let next = 0;
    for (let slot = 0; slot < slots; slot++) if (alive[slot]) newSlot[slot] = next++;
    renumberSlots(newSlot, next, true);
  };

  /** Takes in what changed: each job's new state (upserted), or its id alone when it has left the search. */
  const apply = (changes: { jobId: string; job: IndexedJob | null }[]) => {
    if (changes.length === 0) return;
    for (const { jobId, job } of changes) {
      remove(jobId);
      if (job) addInOrder(job);
    }
    compact();
    compactCards();
    renumber();
  };

  /** Loads open jobs into a new index, a batch at a time (a reload builds a new index); `loaded` once all are in. */
  const loadBatch = (jobs: IndexedJob[]) => {
    for (const job of jobs) if (!slotOf.has(job.jobId)) add(job, false);
  };

  /**
   * Puts the loaded jobs in order: jobs near each other get neighbouring slots, newest first within
   * their square of the map, so a search around a place reads its columns' memory in runs.
   */
  const loaded = () => {
    // The cards' buffer grew by doubling while loading: what it holds, and an eighth more for edits.
    const fitted = Buffer.allocUnsafe(Math.max(1 << 16, Math.ceil(cardUsed * 1.125)));
    cardBytes.copy(fitted, 0, 0, cardUsed);
    cardBytes = fitted;
    const cellOfSlot = new Float64Array(slots);
    for (let slot = 0; slot < slots; slot++) {
      const lat = latitude[slot] as number;
      const lon = longitude[slot] as number;
      cellOfSlot[slot] =
        Number.isNaN(lat) || Number.isNaN(lon)
          ? Number.POSITIVE_INFINITY
          : cellKey(Math.floor(lat / cellDegrees), Math.floor(lon / cellDegrees));
    }
    const newestFirst = (a: number, b: number) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);
    const all: number[] = [];
    for (let slot = 0; slot < slots; slot++) if (alive[slot]) all.push(slot);
    all.sort((a, b) =>
      cellOfSlot[a] === cellOfSlot[b] ? newestFirst(a, b) : (cellOfSlot[a] as number) < (cellOfSlot[b] as number) ? -1 : 1,
    );
    const newSlot = new Int32Array(slots).fill(-1);
    all.forEach((slot, n) => {
      newSlot[slot] = n;
    });
    orderLength = 0;
    renumberSlots(newSlot, all.length, false);
    const byDate = Array.from({ length: slots }, (_, slot) => slot).sort(newestFirst);
    order.set(byDate);
    orderLength = byDate.length;
    renumber();
    // Each square's jobs now lie side by side, newest first: a run.
    for (const cell of cells.values()) {
      let from = Number.POSITIVE_INFINITY;
      let to = 0;
      for (let n = 0; n < cell.length; n++) {
        from = Math.min(from, cell.slots[n] as number);
        to = Math.max(to, (cell.slots[n] as number) + 1);
      }
      cell.from = from;
      cell.to = to;
      cell.length = 0;
    }
  };

  const setCompanyLive = (recruiterId: string, live: boolean) => {
    recruiterDown[recruiterCode(recruiterId)] = live ? 0 : 1;
  };

  const rangeOf = (word: string) => {
    const from = firstLexemeAtLeast(word);
    let to = from;
    while (to < lexemes.length && (lexemes[to] as string).startsWith(word)) to++;
    return { from, to };
  };

  /** The jobs having every word (each a prefix of one of theirs), one bit per slot; gone jobs' bits may be set. */
  // A search's bits, reused by the next (a search runs start to end without waiting).
  let wantedScratch = new Uint32Array(0);
  let anyOfScratch = new Uint32Array(0);
  let allScratch = new Uint32Array(0);
  let theseScratch = new Uint32Array(0);
  const jobsWithWords = (words: string[]) => {
    const length = (slots + 31) >>> 5;
    if (allScratch.length < length) {
      allScratch = new Uint32Array(capacity >>> 5);
      theseScratch = new Uint32Array(capacity >>> 5);
    }
    let all: Uint32Array | null = null;
    const ranges = words.map(rangeOf);
    for (const { from, to } of ranges) {
      const these: Uint32Array = all ? theseScratch.subarray(0, length) : allScratch.subarray(0, length);
      these.fill(0);
      for (let l = from; l < to; l++) {
        const list = postings.get(lexemes[l] as string) as Postings;
        if (list.bits) {
          const bits = list.bits;
          for (let n = 0; n < length; n++) these[n] = (these[n] as number) | (bits[n] as number);
        } else {
          const listSlots = list.slots;
          for (let n = 0; n < list.length; n++) {
            const slot = listSlots[n] as number;
            these[slot >>> 5] = (these[slot >>> 5] as number) | (1 << (slot & 31));
          }
        }
      }
      if (all) for (let n = 0; n < length; n++) all[n] = (all[n] as number) & (these[n] as number);
      else all = these;
    }
    return { bits: all as Uint32Array, ranges };
  };

  /** How many bits are set (gone jobs' among them). */
  const bitCount = (bits: Uint32Array) => {
    let total = 0;
    for (let n = 0; n < bits.length; n++) {
      let v = bits[n] as number;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  };

  /** The open jobs whose bit is set, in slot order. */
  const slotsIn = (bits: Uint32Array) => {
    const found: number[] = [];
    for (let n = 0; n < bits.length; n++) {
      let word = bits[n] as number;
      while (word !== 0) {
        const low = word & -word;
        const slot = (n << 5) + (31 - Math.clz32(low));
        if (alive[slot]) found.push(slot);
        word ^= low;
      }
    }
    return found;
  };

  /** A job's weight for the words: over each word's matching lexemes, the weights its postings hold for it. */
  const scoreOf = (slot: number, ranges: { from: number; to: number }[]) => {
    let total = 0;
    for (const { from, to } of ranges) {
      for (let l = from; l < to; l++) {
        const list = postings.get(lexemes[l] as string) as Postings;
        if (list.bits && !(((list.bits[slot >>> 5] as number) >>> (slot & 31)) & 1)) continue;
        let lo = 0;
        let hi = list.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if ((list.slots[mid] as number) < slot) lo = mid + 1;
          else hi = mid;
        }
        if (lo < list.length && list.slots[lo] === slot) total += list.weights[lo] as number;
      }
    }
    return total;
  };

  const search = (q: IndexQuery): { total: number; hits: IndexHit[] } => {
    if (q.noWordMatches) return { total: 0, hits: [] };
    const words = q.words.length ? jobsWithWords(q.words) : null;
    const wordBits = words?.bits;
    // The jobs open, with the words, and with one of each filter's values: 32 at a time.
    const length = (slots + 31) >>> 5;
    if (wantedScratch.length < length) {
      wantedScratch = new Uint32Array(capacity >>> 5);
      anyOfScratch = new Uint32Array(capacity >>> 5);
    }
    const wantedBits = wantedScratch.subarray(0, length);
    wantedBits.set(aliveBits.subarray(0, length));
    if (wordBits) for (let n = 0; n < length; n++) wantedBits[n] = (wantedBits[n] as number) & (wordBits[n] as number);
    for (const [kind, values] of [
      ['w', q.workModel],
      ['e', q.experience],
      ['t', q.jobTypes],
      ['i', q.industries],
    ] as const) {
      if (!values?.length) continue;
      const anyOf = anyOfScratch.subarray(0, length);
      anyOf.fill(0);
      for (const value of values) {
        const bits = valueBits.get(`${kind}:${value}`);
        if (bits) for (let n = 0; n < length; n++) anyOf[n] = (anyOf[n] as number) | (bits[n] as number);
      }
      for (let n = 0; n < length; n++) wantedBits[n] = (wantedBits[n] as number) & (anyOf[n] as number);
    }
    const recruiterWanted = q.recruiterId === undefined ? -2 : (recruiters.get(q.recruiterId) ?? -1);
    const place = q.place;
    const now = q.now;
    const salary = q.salary;
    const postedSince = q.postedSince;
    // The great-circle distance as `greatCircle` works it out (same steps, same figures), the place's cosine worked out once.
    const rad = Math.PI / 180;
    const placeLat = place?.latitude ?? 0;
    const placeLon = place?.longitude ?? 0;
    const placeCos = Math.cos(placeLat * rad);
    const twiceRadius = 2 * (place?.earthRadius ?? 0);
    let distance = 0;

    /** Whether a wanted job passes the filters its bits do not hold (words, place and the kinds' values apart). */
    const passes = (slot: number) => {
      if (recruiterDown[recruiter[slot] as number]) return false;
      if ((opens[slot] as number) > now) return false;
      if ((closes[slot] as number) < now) return false;
      if (recruiterWanted !== -2 && recruiter[slot] !== recruiterWanted) return false;
      if (salary && !((salaryMax[slot] as number) >= salary.min && (salaryMin[slot] as number) <= salary.max)) return false;
      if (postedSince !== undefined && !((posted[slot] as number) >= postedSince)) return false;
      return true;
    };
    const distanceTo = (slot: number) => {
      const lat = latitude[slot] as number;
      const dLat = (lat - placeLat) * rad;
      const dLon = ((longitude[slot] as number) - placeLon) * rad;
      const h = Math.sin(dLat / 2) ** 2 + placeCos * Math.cos(lat * rad) * Math.sin(dLon / 2) ** 2;
      return twiceRadius * Math.asin(Math.sqrt(h));
    };
    const inBox = (slot: number) =>
      Math.abs((latitude[slot] as number) - placeLat) <= (place as NonNullable<typeof place>).dLat &&
      Math.abs((longitude[slot] as number) - placeLon) <= (place as NonNullable<typeof place>).dLon;
    /** Whether an open job matches all but the words: the box around the place, the filters, then the distance (the dearest). */
    const matches = (slot: number) => {
      if (!place) return passes(slot);
      if (!inBox(slot) || !passes(slot)) return false;
      distance = distanceTo(slot);
      return distance <= place.radius;
    };
    const wanted = (slot: number) => ((wantedBits[slot >>> 5] as number) >>> (slot & 31)) & 1;

    const byRelevance = q.order === 'relevance' && words !== null;
    const keep = byRelevance ? Math.max(q.window, q.offset + q.limit) : q.offset + q.limit;
    type Kept = { slot: number; rank: number; distance: number; featured: number };
    const kept: Kept[] = [];
    const byDistance = q.order === 'distance' && place !== undefined;
    /** Whether a job (its featuring, distance and place in the order) is worse than one kept: nearer first (featured first) when by distance, else newer. */
    const worse = (featuredA: number, distanceA: number, rankA: number, b: Kept) =>
      byDistance
        ? featuredA < b.featured || (featuredA === b.featured && (distanceA > b.distance || (distanceA === b.distance && rankA > b.rank)))
        : rankA > b.rank;
    // The best `keep`, best first.
    const offer = (slot: number) => {
      const rank = rankOf[slot] as number;
      const isFeatured = featured[slot] as number;
      if (kept.length === keep && worse(isFeatured, distance, rank, kept[keep - 1] as Kept)) return;
      let at = kept.length;
      while (at > 0 && !worse(isFeatured, distance, rank, kept[at - 1] as Kept)) at--;
      kept.splice(at, 0, { slot, rank, distance, featured: isFeatured });
      if (kept.length > keep) kept.pop();
    };

    let count = 0;
    const spots = place ? cellsAround(place) : null;
    /** The next wanted slot from `n` on, below `end` (or `end`): the bits skip 32 unwanted jobs at a time. */
    const nextWanted = (n: number, end: number) => {
      let at = n;
      while (at < end) {
        const rest = (wantedBits[at >>> 5] as number) >>> (at & 31);
        if (rest === 0) {
          at = (at | 31) + 1;
          continue;
        }
        at += 31 - Math.clz32(rest & -rest);
        break;
      }
      return Math.min(at, end);
    };
    if (spots && q.order !== 'distance') {
      // Near the place, newest first a stretch of the order at a time (each cell is in that order, so a
      // stretch is the front of each): once the count is past its limit and the page is full, the
      // later stretches cannot change the page. In a cell wholly within the radius, no distance is
      // worked out but the page's.
      const cellsNear = spots.cells;
      const runAt = Int32Array.from(cellsNear, (cell) => cell.from);
      const listAt = new Int32Array(cellsNear.length);
      const stretch = Math.max(1024, Math.ceil(orderLength / 16));
      for (let upTo = stretch; ; upTo += stretch) {
        for (let c = 0; c < cellsNear.length; c++) {
          const cell = cellsNear[c] as Cell;
          const inside = spots.inside[c] as boolean;
          let slot = nextWanted(runAt[c] as number, cell.to);
          for (; slot < cell.to; slot = nextWanted(slot + 1, cell.to)) {
            if ((rankOf[slot] as number) >= upTo) break;
            if (!(inside ? passes(slot) : matches(slot))) continue;
            count++;
            offer(slot);
          }
          runAt[c] = slot;
          const listed = cell.slots;
          let n = listAt[c] as number;
          for (; n < cell.length; n++) {
            const later = listed[n] as number;
            // Jobs not wanted (gone ones among them) are passed over without looking further.
            if (!wanted(later)) continue;
            if ((rankOf[later] as number) >= upTo) break;
            if (!(inside ? passes(later) : matches(later))) continue;
            count++;
            offer(later);
          }
          listAt[c] = n;
        }
        if ((kept.length >= keep && count > q.countLimit) || upTo >= orderLength) break;
      }
    } else if (spots) {
      // Nearest first: every wanted job near the place counted (the count is exact), the nearest
      // squares first; in a square wholly within the radius, a job's distance is worked out only if
      // the square is near enough for it to be kept.
      const nearest = spots.cells
        .map((cell, c) => {
          const south = cell.lat * cellDegrees;
          const west = cell.lon * cellDegrees;
          const closest = {
            latitude: Math.min(Math.max(placeLat, south), south + cellDegrees),
            longitude: Math.min(Math.max(placeLon, west), west + cellDegrees),
          };
          // A little under the nearest corner or edge's distance, so no job in the square is nearer.
          const atLeast = greatCircle({ latitude: placeLat, longitude: placeLon }, closest, twiceRadius / 2) * 0.99 - 0.01;
          return { cell, inside: spots.inside[c] as boolean, atLeast };
        })
        .sort((a, b) => a.atLeast - b.atLeast);
      for (const { cell, inside, atLeast } of nearest) {
        const check = (slot: number) => {
          if (inside) {
            if (!passes(slot)) return;
            count++;
            const worst = kept.length === keep ? (kept[keep - 1] as Kept) : null;
            if (worst && (featured[slot] as number) <= worst.featured && atLeast > worst.distance) return;
            distance = distanceTo(slot);
          } else {
            if (!matches(slot)) return;
            count++;
          }
          offer(slot);
        };
        for (let slot = nextWanted(cell.from, cell.to); slot < cell.to; slot = nextWanted(slot + 1, cell.to)) check(slot);
        for (let n = 0; n < cell.length; n++) if (wanted(cell.slots[n] as number)) check(cell.slots[n] as number);
      }
    } else if (bitCount(wantedBits) * 16 < orderLength) {
      // Few jobs wanted: every one checked.
      for (const slot of slotsIn(wantedBits)) {
        if (!matches(slot)) continue;
        count++;
        offer(slot);
      }
    } else {
      // Newest first through every open job, until the count is past its limit and the page is full.
      for (let n = 0; n < orderLength; n++) {
        const slot = order[n] as number;
        if (!wanted(slot) || !matches(slot)) continue;
        count++;
        if (kept.length < keep) kept.push({ slot, rank: n, distance, featured: featured[slot] as number });
        else if (count > q.countLimit) break;
      }
    }
    const scored = kept.map((entry) => ({ entry, score: words ? scoreOf(entry.slot, words.ranges) : 0 }));
    // Featured first, then the best words; a stable sort keeps the newest first among equals.
    if (byRelevance) scored.sort((a, b) => b.entry.featured - a.entry.featured || b.score - a.score || a.entry.rank - b.entry.rank);
    return {
      total: count,
      hits: scored.slice(q.offset, q.offset + q.limit).map(({ entry, score }) => ({
        jobId: ids[entry.slot] as string,
        recruiterId: recruiterIds[recruiter[entry.slot] as number] as string,
        card: cardOf(entry.slot),
        relevance: score / 10,
        distance: place ? distanceTo(entry.slot) : null,
      })),
    };
  };

  return {
    loadBatch,
    loaded,
    apply,
    setCompanyLive,
    search,
    /** How many open jobs it holds. */
    size: () => orderLength,
  };
};

export type SearchIndex = ReturnType<typeof createSearchIndex>;

/**
 * A search vector as PostgreSQL prints it (`'develop':3A,17 'leed':5B`): each lexeme with its
 * weight in tenths, summed over its positions (a position without a letter is D).
 */
export const wordsOfVector = (text: string) => {
  const words = new Map<string, number>();
  let n = 0;
  const length = text.length;
  while (n < length) {
    while (n < length && text[n] !== "'") n++;
    if (n >= length) break;
    n++;
    let lexeme = '';
    for (;;) {
      const at = text.indexOf("'", n);
      if (at < 0) return words;
      lexeme += text.slice(n, at);
      if (text[at + 1] === "'") {
        lexeme += "'";
        n = at + 2;
        continue;
      }
      n = at + 1;
      break;
    }
    if (lexeme.includes('\\')) lexeme = lexeme.replace(/\\(.)/g, '$1');
    let weight = 0;
    if (text[n] === ':') {
      n++;
      while (n < length && text[n] !== ' ') {
        while (n < length && text[n] >= '0' && text[n] <= '9') n++;
        const letter = text[n];
        if (letter === 'A' || letter === 'B' || letter === 'C' || letter === 'D') {
          weight += weightOf[letter] as number;
          n++;
        } else weight += 1;
        if (text[n] === ',') n++;
      }
    } else weight = 1;
    words.set(lexeme, (words.get(lexeme) ?? 0) + weight);
  }
  return words;
};
