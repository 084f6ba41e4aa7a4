/**
 * A list's search box as OpenCATS and Bullhorn users type into it: words, "quoted phrases", AND
 * (or nothing) between terms, OR (in capitals) between alternatives, and parentheses. It reads as
 * alternatives (OR) of groups whose every term must be found (AND), each term a substring ignoring
 * case: `(nurse OR carer) leeds` is [[nurse, leeds], [carer, leeds]].
 *
 * Lenient, as a search box should be: an unclosed quote runs to the end, an unclosed parenthesis
 * closes at the end, a stray `)` or a dangling OR is ignored. Lower-case "or" and "and" are words.
 */

/** At most this many alternatives once parentheses are multiplied out; more is refused with `tooManyAlternatives`. */
export const maxSearchGroups = 16;
/** At most this many terms in one alternative; the rest are ignored, as a long search always was. */
export const maxSearchTerms = 8;
export const tooManyAlternatives = `The search has too many alternatives: at most ${maxSearchGroups} (each OR counts, and brackets multiply them)`;

type Token = { kind: 'term'; text: string } | { kind: 'or' | 'and' | 'open' | 'close' };

const tokens = (search: string): Token[] => {
  const out: Token[] = [];
  let i = 0;
  while (i < search.length) {
    const c = search[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      out.push({ kind: c === '(' ? 'open' : 'close' });
      i++;
    } else if (c === '"') {
      const end = search.indexOf('"', i + 1);
      const phrase = search.slice(i + 1, end === -1 ? search.length : end);
      // One space between a phrase's words, as the texts searched are written.
      const text = phrase.trim().replace(/\s+/g, ' ');
      if (text) out.push({ kind: 'term', text });
      i = end === -1 ? search.length : end + 1;
    } else {
      let end = i;
      while (end < search.length && !/[\s()"]/.test(search[end] as string)) end++;
      const word = search.slice(i, end);
      out.push(word === 'OR' ? { kind: 'or' } : word === 'AND' ? { kind: 'and' } : { kind: 'term', text: word });
      i = end;
    }
  }
  return out;
};

type Groups = string[][];

/** Every group of `a` with every group of `b`: (a OR b) AND (c OR d) is ac, ad, bc, bd. */
const both = (a: Groups, b: Groups): Groups => a.flatMap((left) => b.map((right) => [...left, ...right]));

/** Multiplying out stops here: such a search is refused, however many alternatives it would come to. */
const overflow = 1024;
const refuseBeyond = (groups: Groups) => {
  if (groups.length > overflow) throw new Error(tooManyAlternatives);
  return groups;
};

/** The tokens without a `)` that closes nothing: it is ignored. */
const balanced = (list: Token[]) => {
  let depth = 0;
  return list.filter((token) => {
    if (token.kind === 'open') depth++;
    if (token.kind !== 'close') return true;
    if (depth === 0) return false;
    depth--;
    return true;
  });
};

const parse = (list: Token[]): Groups => {
  let at = 0;
  /** Alternatives up to a `)` or the end; an empty one (a dangling OR) is ignored. */
  const alternatives = (): Groups => {
    const out: Groups = [];
    for (;;) {
      out.push(...allOf().filter((group) => group.length > 0));
      refuseBeyond(out);
      if (list[at]?.kind !== 'or') return out;
      at++;
    }
  };
  const allOf = (): Groups => {
    let groups: Groups = [[]];
    while (at < list.length) {
      const token = list[at] as Token;
      if (token.kind === 'or' || token.kind === 'close') break;
      at++;
      if (token.kind === 'and') continue;
      const next: Groups = token.kind === 'term' ? [[token.text]] : alternatives();
      if (token.kind === 'open' && list[at]?.kind === 'close') at++;
      // An empty bracket, or one holding only operators, leaves the group as it was.
      if (next.length === 0) continue;
      groups = refuseBeyond(both(groups, next));
    }
    return groups;
  };
  return alternatives();
};

/** Terms compared as the search compares them (ignoring case), so a group names each term once. */
const key = (term: string) => term.toLowerCase();

/**
 * The search as alternatives of terms: empty when it searches for nothing (every record matches).
 * Each group holds distinct terms (at most `maxSearchTerms`); a group holding every term of another
 * is dropped (the other finds all it finds). More than `maxSearchGroups` alternatives throw
 * `tooManyAlternatives`: `listRequest` refuses such a search with it before any list runs.
 */
export const searchGroups = (search: string): string[][] => {
  const parsed = parse(balanced(tokens(search)));
  const groups: string[][] = [];
  for (const group of parsed) {
    const seen = new Set<string>();
    const terms = group.filter((term) => !seen.has(key(term)) && seen.add(key(term))).slice(0, maxSearchTerms);
    if (terms.length > 0) groups.push(terms);
  }
  const keys = groups.map((group) => new Set(group.map(key)));
  const kept = groups.filter((_, i) => {
    const mine = keys[i] as Set<string>;
    return !keys.some((other, j) => {
      if (j === i || other.size > mine.size || ![...other].every((term) => mine.has(term))) return false;
      // Two equal groups: the first stays.
      return other.size < mine.size || j < i;
    });
  });
  if (kept.length > maxSearchGroups) throw new Error(tooManyAlternatives);
  return kept;
};

/** Whether `searchGroups` accepts the search (the list request's check). */
export const searchIsWithinLimits = (search: string) => {
  try {
    searchGroups(search);
    return true;
  } catch {
    return false;
  }
};
