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

/** A job found: its card is a view of the bytes the index keeps (it never writes over a card it holds). */
export type IndexHit = { jobId: string; recruiterId: string; card: Buffer; relevance: number; distance: number | null };

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
type Cell = { lat: number; lon: number; from: number; to: number; slots: Int32Array; length: number; corners: Float64Array };
const cellDegrees = 0.1;

const noValue = Number.NaN;

/** In a sorted list of `length`, the first place whose item is not before what is sought (`before(at)` holds of a prefix). */
const firstNotBefore = (length: number, before: (at: number) => boolean) => {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** A place as a point on a sphere of radius 1. */
const pointOf = (latitude: number, longitude: number) => {
  const rad = Math.PI / 180;
  const cosLat = Math.cos(latitude * rad);
  return [cosLat * Math.cos(longitude * rad), cosLat * Math.sin(longitude * rad), Math.sin(latitude * rad)] as const;
};
/**
 * How far two points' product may be from a radius's cosine and still be trusted: far beyond the
 * arithmetic's error, and a few millionths of a mile at the radii searched. Nearer than this, the
 * great-circle distance decides, so the answer is the same as working it out for every job.
 */
const edgeBand = 1e-12;

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
  /**
   * Each job's place as a point on a sphere of radius 1: whether it is within a search's radius is
   * then a product of three numbers, not a great-circle distance (the distance is worked out only
   * for the page, and for a job too near the edge for the product to tell).
   */
  let pointX = new Float64Array(capacity).fill(noValue);
  let pointY = new Float64Array(capacity).fill(noValue);
  let pointZ = new Float64Array(capacity).fill(noValue);
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
  const cardOf = (slot: number) => cardBytes.subarray(cardAt[slot] as number, (cardAt[slot] as number) + (cardSize[slot] as number));
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
  /**
   * The open jobs a visitor can apply for at `readyAt` (their company live, their application window
   * open), one bit per slot: a search starts from these bits instead of asking each job. They hold
   * until `readyUntil`, the first moment a window opens or closes, and are worked out again after it
   * or when a company goes down or comes back.
   */
  let readyBits = new Uint32Array(capacity >>> 5);
  let readyAt = Number.NaN;
  let readyUntil = Number.NaN;
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
  /** The same squares by row (south to north index), each row west to east: a search reads a row's squares as one stretch. */
  const rows = new Map<number, Cell[]>();
  const firstInRowFrom = (row: Cell[], lon: number) => firstNotBefore(row.length, (at) => (row[at] as Cell).lon < lon);
  const cellKey = (latIndex: number, lonIndex: number) => (latIndex + 1000) * 4000 + (lonIndex + 2000);
  const cellsAround = (place: NonNullable<IndexQuery['place']>) => {
    const fromLat = Math.floor((place.latitude - place.dLat) / cellDegrees);
    const toLat = Math.floor((place.latitude + place.dLat) / cellDegrees);
    const fromLon = Math.floor((place.longitude - place.dLon) / cellDegrees);
    const toLon = Math.floor((place.longitude + place.dLon) / cellDegrees);
    const found: Cell[] = [];
    const inside: boolean[] = [];
    // A cell whose four corners are within the radius (with a margin for the map's curve) is wholly within it.
    const [x, y, z] = pointOf(place.latitude, place.longitude);
    const nearEnough = Math.cos((place.radius * 0.999) / place.earthRadius);
    const take = (cell: Cell | undefined) => {
      if (!cell) return;
      found.push(cell);
      const c = cell.corners;
      let near = true;
      for (let n = 0; n < 12 && near; n += 3)
        near = (c[n] as number) * x + (c[n + 1] as number) * y + (c[n + 2] as number) * z >= nearEnough;
      inside.push(near);
    };
    for (let la = fromLat; la <= toLat; la++) {
      const row = rows.get(la);
      if (!row) continue;
      for (let at = firstInRowFrom(row, fromLon); at < row.length && (row[at] as Cell).lon <= toLon; at++) take(row[at]);
    }
    return { cells: found, inside };
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
      const [south, west] = [la * cellDegrees, lo * cellDegrees];
      const corners = [
        pointOf(south, west),
        pointOf(south, west + cellDegrees),
        pointOf(south + cellDegrees, west),
        pointOf(south + cellDegrees, west + cellDegrees),
      ];
      cell = { lat: la, lon: lo, from: 0, to: 0, slots: new Int32Array(16), length: 0, corners: Float64Array.from(corners.flat()) };
      cells.set(key, cell);
      let row = rows.get(la);
      if (!row) {
        row = [];
        rows.set(la, row);
      }
      row.splice(firstInRowFrom(row, lo), 0, cell);
    }
    if (cell.length === cell.slots.length) cell.slots = growInt(cell.slots, cell.length * 2);
    const listed = cell.slots;
    const at = inOrder ? firstNotBefore(cell.length, (n) => before(listed[n] as number, slot)) : cell.length;
    if (inOrder) listed.copyWithin(at + 1, at, cell.length);
    cell.slots[at] = slot;
    cell.length++;
  };
  /** Every word known, in order, so a prefix is a range (kept sorted as words arrive). */
  const lexemes: string[] = [];
  /** Open jobs newest first (featured first), as `job_search_newest` orders them: slots, and each slot's place in it. */
  let order = new Int32Array(capacity);
  let orderLength = 0;
  let rankOf = new Int32Array(capacity);
  /** From this slot on, jobs came after the load (listed in their squares, not in a run). */
  let laterFrom = 0;

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
    pointX = growFloat(pointX, size);
    pointY = growFloat(pointY, size);
    pointZ = growFloat(pointZ, size);
    salaryMin = growFloat(salaryMin, size);
    salaryMax = growFloat(salaryMax, size);
    recruiter = growInt(recruiter, size);
    cardAt = growFloat(cardAt, size);
    cardSize = growInt(cardSize, size);
    readyBits = growInt(readyBits, size >>> 5);
    for (const [key, bits] of valueBits) valueBits.set(key, growInt(bits, size >>> 5));
    order = growInt(order, size);
    rankOf = growInt(rankOf, size);
    for (const list of postings.values()) if (list.bits) list.bits = growInt(list.bits, size >>> 5);
    capacity = size;
  };

  const firstLexemeAtLeast = (word: string) => firstNotBefore(lexemes.length, (at) => (lexemes[at] as string) < word);

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
    // Two jobs without a date are equal here (NaN is not NaN), and go by id.
    if (pa !== pb && !(Number.isNaN(pa) && Number.isNaN(pb))) {
      if (Number.isNaN(pa)) return true;
      if (Number.isNaN(pb)) return false;
      return pa > pb;
    }
    return (ids[a] as string) > (ids[b] as string);
  };
  const placeInOrder = (slot: number) => firstNotBefore(orderLength, (at) => before(order[at] as number, slot));

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
    const [x, y, z] = job.latitude === null || job.longitude === null ? [noValue, noValue, noValue] : pointOf(job.latitude, job.longitude);
    pointX[slot] = x;
    pointY[slot] = y;
    pointZ[slot] = z;
    salaryMin[slot] = job.annualSalaryMin ?? noValue;
    salaryMax[slot] = job.annualSalaryMax ?? noValue;
    recruiter[slot] = recruiterCode(job.recruiterId);
    keepCard(slot, job.card ?? '');
    if (!Number.isNaN(readyAt)) takeReady(slot);
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
    readyBits[slot >>> 5] = (readyBits[slot >>> 5] as number) & ~(1 << (slot & 31));
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
    for (const column of [
      alive,
      featured,
      posted,
      opens,
      closes,
      latitude,
      longitude,
      pointX,
      pointY,
      pointZ,
      salaryMin,
      salaryMax,
      recruiter,
      cardAt,
      cardSize,
    ])
      move(column);
    const moveBits = (bits: Uint32Array) => {
      const moved = new Uint32Array(bits.length);
      for (let slot = 0; slot < slots; slot++) {
        const to = newSlot[slot] as number;
        if (to >= 0 && ((bits[slot >>> 5] as number) >>> (slot & 31)) & 1) setBit(moved, to);
      }
      return moved;
    };
    readyAt = Number.NaN;
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
      if (length === 0 && cell.to === cell.from) {
        cells.delete(key);
        const row = rows.get(cell.lat) as Cell[];
        row.splice(firstInRowFrom(row, cell.lon), 1);
        if (row.length === 0) rows.delete(cell.lat);
      }
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
    for (let slot = 0; slot < slots; slot++) {
      if (slot === laterFrom) laterFrom = next;
      if (alive[slot]) newSlot[slot] = next++;
    }
    if (laterFrom > next) laterFrom = next;
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
    laterFrom = slots;
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
    const code = recruiterCode(recruiterId);
    if (recruiterDown[code] === (live ? 0 : 1)) return;
    recruiterDown[code] = live ? 0 : 1;
    readyAt = Number.NaN;
  };

  /** Sets a slot's ready bit as at `readyAt`, and brings `readyUntil` forward to its window's next opening or closing. */
  const takeReady = (slot: number) => {
    const opensAt = opens[slot] as number;
    const closesAt = closes[slot] as number;
    if (alive[slot] && !recruiterDown[recruiter[slot] as number] && !(opensAt > readyAt) && !(closesAt < readyAt)) setBit(readyBits, slot);
    else readyBits[slot >>> 5] = (readyBits[slot >>> 5] as number) & ~(1 << (slot & 31));
    if (opensAt > readyAt && opensAt < readyUntil) readyUntil = opensAt;
    if (closesAt >= readyAt && closesAt < readyUntil) readyUntil = closesAt;
  };
  /** The ready bits as at `now`. */
  const readyAsAt = (now: number) => {
    if (!(now >= readyAt && now < readyUntil)) {
      readyAt = now;
      readyUntil = Number.POSITIVE_INFINITY;
      for (let slot = 0; slot < slots; slot++) takeReady(slot);
    }
    return readyBits;
  };

  const rangeOf = (word: string) => {
    const from = firstLexemeAtLeast(word);
    let to = from;
    while (to < lexemes.length && (lexemes[to] as string).startsWith(word)) to++;
    return { from, to };
  };

  /** The jobs having every word (each a prefix of one of theirs), one bit per slot; gone jobs' bits may be set. */
  // A search's bits, reused by the next (a search runs start to end without waiting). Only the
  // stretches a search reads are worked out: around a place, its squares' runs and the later jobs.
  let wantedScratch = new Uint32Array(0);
  let anyOfScratch = new Uint32Array(0);
  let allScratch = new Uint32Array(0);
  let theseScratch = new Uint32Array(0);
  const scratchFits = () => {
    if (wantedScratch.length >= capacity >>> 5) return;
    wantedScratch = new Uint32Array(capacity >>> 5);
    anyOfScratch = new Uint32Array(capacity >>> 5);
    allScratch = new Uint32Array(capacity >>> 5);
    theseScratch = new Uint32Array(capacity >>> 5);
  };

  /**
   * The stretches of bit words a search around a place reads, as from, to pairs in order: its
   * squares' runs (a row of neighbouring squares is one stretch) and, if any of them lists later
   * jobs, the slots of the jobs that came after the load.
   */
  const spansOf = (cellsNear: Cell[], length: number) => {
    // The squares come row by row, west to east, as their runs lie, so neighbours join in one pass.
    // Stretches that overlapped would do no harm: each bit would be worked out the same twice.
    const spans: number[] = [];
    let later = false;
    for (const cell of cellsNear) {
      if (cell.length > 0) later = true;
      if (cell.to <= cell.from) continue;
      const from = cell.from >>> 5;
      const to = (cell.to + 31) >>> 5;
      const last = spans.length - 1;
      if (last > 0 && from >= (spans[last - 1] as number) && from <= (spans[last] as number))
        spans[last] = Math.max(to, spans[last] as number);
      else spans.push(from, to);
    }
    if (later && laterFrom < slots) spans.push(laterFrom >>> 5, length);
    return spans;
  };
  const clearIn = (into: Uint32Array, spans: number[]) => {
    for (let s = 0; s < spans.length; s += 2) into.fill(0, spans[s], spans[s + 1]);
  };
  const copyIn = (into: Uint32Array, bits: Uint32Array, spans: number[]) => {
    for (let s = 0; s < spans.length; s += 2) {
      const to = spans[s + 1] as number;
      for (let n = spans[s] as number; n < to; n++) into[n] = bits[n] as number;
    }
  };
  const orIn = (into: Uint32Array, bits: Uint32Array, spans: number[]) => {
    for (let s = 0; s < spans.length; s += 2) {
      const to = spans[s + 1] as number;
      for (let n = spans[s] as number; n < to; n++) into[n] = (into[n] as number) | (bits[n] as number);
    }
  };
  const andIn = (into: Uint32Array, bits: Uint32Array, spans: number[]) => {
    for (let s = 0; s < spans.length; s += 2) {
      const to = spans[s + 1] as number;
      for (let n = spans[s] as number; n < to; n++) into[n] = (into[n] as number) & (bits[n] as number);
    }
  };

  /** The jobs having every word (each a prefix of one of theirs), one bit per slot within the spans; gone jobs' bits may be set. */
  const jobsWithWords = (words: string[], spans: number[]) => {
    let all: Uint32Array | null = null;
    // Every word's lexemes' lists, one after another, for the scores.
    const lists: Postings[] = [];
    for (const { from, to } of words.map(rangeOf)) {
      const these: Uint32Array = all ? theseScratch : allScratch;
      clearIn(these, spans);
      for (let l = from; l < to; l++) {
        const list = postings.get(lexemes[l] as string) as Postings;
        lists.push(list);
        if (list.bits) orIn(these, list.bits, spans);
        else {
          // Bits outside the spans are set too, and never read.
          const listSlots = list.slots;
          for (let n = 0; n < list.length; n++) {
            const slot = listSlots[n] as number;
            these[slot >>> 5] = (these[slot >>> 5] as number) | (1 << (slot & 31));
          }
        }
      }
      if (all) andIn(all, these, spans);
      else all = these;
    }
    return { bits: all as Uint32Array, lists };
  };

  /** How many bits of one word are set. */
  const ones = (word: number) => {
    let v = word >>> 0;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  };
  /** How many bits are set (gone jobs' among them). */
  const bitCount = (bits: Uint32Array) => {
    let total = 0;
    for (let n = 0; n < bits.length; n++) total += ones(bits[n] as number);
    return total;
  };
  /** How many bits are set from slot `from` up to (not with) `to`. */
  const bitsBetween = (bits: Uint32Array, from: number, to: number) => {
    if (from >= to) return 0;
    const first = from >>> 5;
    const last = (to - 1) >>> 5;
    let total = 0;
    for (let n = first; n <= last; n++) {
      let word = bits[n] as number;
      if (n === first) word &= -1 << (from & 31);
      if (n === last && (to & 31) !== 0) word &= (1 << (to & 31)) - 1;
      total += ones(word);
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

  /** A job's weight for the words: over each word's matching lexemes' lists, the weights they hold for it. */
  const scoreOf = (slot: number, lists: Postings[]) => {
    let total = 0;
    for (const list of lists) {
      if (list.bits && !(((list.bits[slot >>> 5] as number) >>> (slot & 31)) & 1)) continue;
      const listSlots = list.slots;
      const at = firstNotBefore(list.length, (n) => (listSlots[n] as number) < slot);
      if (at < list.length && listSlots[at] === slot) total += list.weights[at] as number;
    }
    return total;
  };

  const search = (q: IndexQuery): { total: number; hits: IndexHit[] } => {
    if (q.noWordMatches) return { total: 0, hits: [] };
    scratchFits();
    const length = (slots + 31) >>> 5;
    const place = q.place;
    const spots = place ? cellsAround(place) : null;
    const spans = spots ? spansOf(spots.cells, length) : [0, length];
    const words = q.words.length ? jobsWithWords(q.words, spans) : null;
    // The jobs ready, with the words, and with one of each filter's values: 32 at a time.
    const wantedBits = wantedScratch.subarray(0, length);
    copyIn(wantedBits, readyAsAt(q.now), spans);
    if (words) andIn(wantedBits, words.bits, spans);
    for (const [kind, values] of [
      ['w', q.workModel],
      ['e', q.experience],
      ['t', q.jobTypes],
      ['i', q.industries],
    ] as const) {
      if (!values?.length) continue;
      clearIn(anyOfScratch, spans);
      for (const value of values) {
        const bits = valueBits.get(`${kind}:${value}`);
        if (bits) orIn(anyOfScratch, bits, spans);
      }
      andIn(wantedBits, anyOfScratch, spans);
    }
    const recruiterWanted = q.recruiterId === undefined ? -2 : (recruiters.get(q.recruiterId) ?? -1);
    const salary = q.salary;
    const postedSince = q.postedSince;
    // The great-circle distance as `greatCircle` works it out (same steps, same figures), the place's cosine worked out once.
    const rad = Math.PI / 180;
    const placeLat = place?.latitude ?? 0;
    const placeLon = place?.longitude ?? 0;
    const placeCos = Math.cos(placeLat * rad);
    const twiceRadius = 2 * (place?.earthRadius ?? 0);
    let distance = 0;

    const needsPasses = recruiterWanted !== -2 || salary !== undefined || postedSince !== undefined;
    /** Whether a wanted job passes the filters its bits do not hold (the company, salary and date of posting). */
    const passes = (slot: number) => {
      if (!needsPasses) return true;
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
    const [placeX, placeY, placeZ] = pointOf(placeLat, placeLon);
    const cosRadius = place ? Math.cos(place.radius / place.earthRadius) : 0;
    /** Whether a job's place is within the radius: the product of the two points tells, unless the job is too near the edge for it to. */
    const within = (slot: number) => {
      const product = (pointX[slot] as number) * placeX + (pointY[slot] as number) * placeY + (pointZ[slot] as number) * placeZ;
      if (product > cosRadius + edgeBand) return true;
      if (!(product >= cosRadius - edgeBand)) return false;
      return distanceTo(slot) <= (place as NonNullable<typeof place>).radius;
    };
    const byDistance = q.order === 'distance' && place !== undefined;
    /** Whether a wanted job in a square near the place matches all but the words: in the box and within the radius (unless its square wholly is), and through the filters. */
    const check = (slot: number, inside: boolean) => (inside || (inBox(slot) && within(slot)) ? passes(slot) : false);
    const wanted = (slot: number) => ((wantedBits[slot >>> 5] as number) >>> (slot & 31)) & 1;

    const byRelevance = q.order === 'relevance' && words !== null;
    const keep = byRelevance ? Math.max(q.window, q.offset + q.limit) : q.offset + q.limit;
    type Kept = { slot: number; rank: number; distance: number; featured: number };
    const kept: Kept[] = [];
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
      // Each square's jobs lie newest first (its run, then those listed since the load), so the
      // newest matches near the place are merged from the squares' fronts, a job at a time; the
      // rest are only counted, up to the limit. A square wholly within the radius is counted 32 jobs
      // at a time when no filter needs each job.
      type Front = { cell: Cell; inside: boolean; listed: boolean; at: number; slot: number; rank: number };
      /** Moves a front to its square's next match from `at` on (slot -1 when there is none). */
      const advance = (front: Front) => {
        const cell = front.cell;
        if (front.listed) {
          for (let n = front.at; n < cell.length; n++) {
            const slot = cell.slots[n] as number;
            if (!wanted(slot) || !check(slot, front.inside)) continue;
            front.at = n + 1;
            front.slot = slot;
            front.rank = rankOf[slot] as number;
            return;
          }
          front.at = cell.length;
        } else {
          for (let slot = nextWanted(front.at, cell.to); slot < cell.to; slot = nextWanted(slot + 1, cell.to)) {
            if (!check(slot, front.inside)) continue;
            front.at = slot + 1;
            front.slot = slot;
            front.rank = rankOf[slot] as number;
            return;
          }
          front.at = cell.to;
        }
        front.slot = -1;
      };
      // The fronts with a match, newest first at the top.
      const heap: Front[] = [];
      const sink = (from: number) => {
        const front = heap[from] as Front;
        let at = from;
        for (;;) {
          let child = 2 * at + 1;
          if (child >= heap.length) break;
          if (child + 1 < heap.length && (heap[child + 1] as Front).rank < (heap[child] as Front).rank) child++;
          if ((heap[child] as Front).rank >= front.rank) break;
          heap[at] = heap[child] as Front;
          at = child;
        }
        heap[at] = front;
      };
      spots.cells.forEach((cell, c) => {
        for (const listed of [false, true]) {
          if (listed ? cell.length === 0 : cell.to <= cell.from) continue;
          const front = { cell, inside: spots.inside[c] as boolean, listed, at: listed ? 0 : cell.from, slot: -1, rank: 0 };
          advance(front);
          if (front.slot >= 0) heap.push(front);
        }
      });
      for (let at = (heap.length >>> 1) - 1; at >= 0; at--) sink(at);
      while (kept.length < keep && heap.length > 0) {
        const front = heap[0] as Front;
        kept.push({ slot: front.slot, rank: front.rank, distance: 0, featured: featured[front.slot] as number });
        count++;
        advance(front);
        if (front.slot < 0) {
          const last = heap.pop() as Front;
          if (heap.length > 0) heap[0] = last;
        }
        if (heap.length > 0) sink(0);
      }
      // Each front left is a match not yet counted; behind it, more. Squares counted at once first.
      const atOnce = (front: Front) => (front.inside && !needsPasses ? 0 : 1);
      heap.sort((a, b) => atOnce(a) - atOnce(b));
      for (const front of heap) {
        if (count > q.countLimit) break;
        count++;
        if (atOnce(front) === 0) {
          const cell = front.cell;
          if (!front.listed) count += bitsBetween(wantedBits, front.at, cell.to);
          else for (let n = front.at; n < cell.length; n++) count += wanted(cell.slots[n] as number);
          continue;
        }
        for (advance(front); front.slot >= 0 && count <= q.countLimit; advance(front)) count++;
      }
    } else if (spots) {
      // Nearest first, the nearest squares first. A square's jobs are in order, featured first, so
      // once one of them could not be kept, none after it could: the rest are only counted, up to
      // the limit (32 at a time in a square wholly within the radius, when no filter needs each job).
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
      // The square being read: how near it is at least, and whether it is wholly within the radius.
      let atLeast = 0;
      let inside = false;
      /** Whether a job of the square could be kept: it is featured and the worst kept is not, or the square is near enough. */
      const mayKeep = (isFeatured: number) => {
        if (kept.length < keep) return true;
        const worst = kept[keep - 1] as Kept;
        return isFeatured > worst.featured || (isFeatured === worst.featured && atLeast <= worst.distance);
      };
      const take = (slot: number) => {
        if (!check(slot, inside)) return;
        count++;
        distance = distanceTo(slot);
        offer(slot);
      };
      for (const square of nearest) {
        const cell = square.cell;
        atLeast = square.atLeast;
        inside = square.inside;
        let slot = nextWanted(cell.from, cell.to);
        for (; slot < cell.to && mayKeep(featured[slot] as number); slot = nextWanted(slot + 1, cell.to)) take(slot);
        if (inside && !needsPasses) count += bitsBetween(wantedBits, slot, cell.to);
        else for (; slot < cell.to && count <= q.countLimit; slot = nextWanted(slot + 1, cell.to)) count += check(slot, inside) ? 1 : 0;
        let n = 0;
        for (; n < cell.length && mayKeep(featured[cell.slots[n] as number] as number); n++)
          if (wanted(cell.slots[n] as number)) take(cell.slots[n] as number);
        for (; n < cell.length && count <= q.countLimit; n++) {
          const later = cell.slots[n] as number;
          if (wanted(later) && check(later, inside)) count++;
        }
      }
    } else if (bitCount(wantedBits) * 16 < orderLength) {
      // Few jobs wanted: every one checked.
      for (const slot of slotsIn(wantedBits)) {
        if (!passes(slot)) continue;
        count++;
        offer(slot);
      }
    } else {
      // Newest first through every open job, until the count is past its limit and the page is full.
      for (let n = 0; n < orderLength; n++) {
        const slot = order[n] as number;
        if (!wanted(slot) || !passes(slot)) continue;
        count++;
        if (kept.length < keep) kept.push({ slot, rank: n, distance, featured: featured[slot] as number });
        else if (count > q.countLimit) break;
      }
    }
    const scored = kept.map((entry) => ({ entry, score: words ? scoreOf(entry.slot, words.lists) : 0 }));
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
