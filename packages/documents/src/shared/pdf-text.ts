import { Font } from '@react-pdf/renderer';

/**
 * The PDFs use the fonts every PDF reader has (Helvetica, Times, Courier): nothing is fetched or
 * embedded, files stay small and the text stays real, selectable text. Those fonts speak
 * Windows-1252 only, so text is brought into it first: accents that the set lacks are dropped
 * ("Ł" becomes "L", "ő" becomes "o") and anything else unknown becomes "?", rather than drawing
 * the wrong glyph. Words are never hyphenated, so a name or an email is never split.
 *
 * Templates keep letter spacing under about 5% of the font size: from about 10% text extractors
 * (and so applicant-tracking systems) read a spaced heading as "P R O F I L E".
 */
Font.registerHyphenationCallback((word) => [word]);

const cp1252Extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const inCp1252 = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || code === 0x0a || cp1252Extras.includes(char);
};

const nearest: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ŋ: 'N',
  ŋ: 'n',
  Ŧ: 'T',
  ŧ: 't',
  '\t': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '–',
  '\u2015': '—',
  '\u2032': "'",
  '\u2033': '"',
  '\u2212': '-',
  '\u2192': '->',
  '\u2713': '•',
  '\u25cf': '•',
  '\u25aa': '•',
  '\u25e6': '•',
  '\u200b': '',
  '\ufeff': '',
};

/** One string in Windows-1252, as close to the original as the set allows. */
export const pdfSafeText = (text: string) => {
  let out = '';
  // Runs of spaces are one space (react-pdf would take them for a place to hyphenate).
  text = text.replace(/ {2,}/g, ' ');
  for (const char of text) {
    if (inCp1252(char)) {
      out += char;
      continue;
    }
    if (char in nearest) {
      out += nearest[char];
      continue;
    }
    const stripped = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += stripped && [...stripped].every(inCp1252) ? stripped : /\s/.test(char) ? ' ' : '?';
  }
  return out;
};

/** Every string in a document, brought into Windows-1252 (ids and colours are plain ASCII already). */
export const pdfSafe = <T>(value: T): T => {
  if (typeof value === 'string') return pdfSafeText(value) as T;
  if (Array.isArray(value)) return value.map(pdfSafe) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, pdfSafe(inner)])) as T;
  }
  return value;
};
