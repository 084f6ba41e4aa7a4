/**
 * The text of an uploaded CV, read so that a copy can be drawn without some of it (redaction.ts):
 * a PDF's text runs where they stand on each page (pdf.js, its legacy build for Node), a Word file's
 * paragraphs (DOCX: its XML parts; DOC: the Word 97 binary's piece table).
 */
import type { LaidOutPage, PlacedRun } from '@app/documents/cv/redacted';
import { unzipSync } from 'fflate';
import { getDocument, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** No CV is longer; a file claiming more is read this far. */
const maxPages = 40;

/** Each page's text runs, in points from the page's top left as it is shown (rotation and crop applied). */
export const pdfLaidOut = async (data: Uint8Array): Promise<LaidOutPage[]> => {
  const loading = getDocument({
    data: new Uint8Array(data),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  const pdf = await loading.promise;
  try {
    const pages: LaidOutPage[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number++) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const runs: PlacedRun[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [, , c, d, x, baseline] = Util.transform(viewport.transform, item.transform) as number[];
        const fontSize = Math.hypot(c as number, d as number);
        if (!(fontSize > 0)) continue;
        runs.push({
          text: item.str,
          x: x as number,
          baseline: baseline as number,
          fontSize,
          width: item.width,
          serif: content.styles[item.fontName]?.fontFamily === 'serif',
        });
      }
      pages.push({ width: viewport.width, height: viewport.height, runs });
      page.cleanup();
    }
    return pages;
  } finally {
    await loading.destroy();
  }
};

const decodeXml = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The paragraphs of one WordprocessingML part; a line break starts a new one. */
const partParagraphs = (xml: string) =>
  xml
    // A drawing's text box is written twice (for new and old readers): the old readers' copy goes.
    .replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '')
    .split(/<\/w:p>/)
    .flatMap((paragraph) =>
      [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br(?:\s[^>]*)?\/>|<w:cr\/>/g)]
        .map((match) => (match[1] !== undefined ? decodeXml(match[1]) : match[0].startsWith('<w:tab') ? '\t' : '\n'))
        .join('')
        .split('\n'),
    )
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** A DOCX's paragraphs: its headers, then the body, then its footers. */
export const docxParagraphs = (data: Uint8Array): string[] => {
  const parts = unzipSync(new Uint8Array(data), { filter: (file) => /^word\/(document|header\d*|footer\d*)\.xml$/.test(file.name) });
  const named = (pattern: RegExp) =>
    Object.keys(parts)
      .filter((name) => pattern.test(name))
      .sort();
  const order = [...named(/^word\/header/), 'word/document.xml', ...named(/^word\/footer/)];
  return order.flatMap((name) => (parts[name] ? partParagraphs(new TextDecoder().decode(parts[name])) : []));
};

const endOfChain = 0xfffffffa;

/** The streams of a compound file (the container of Word 97-2003 documents), by name. */
const compoundFileStreams = (file: Buffer) => {
  if (file.length < 512 || file.readUInt32LE(0) !== 0xe011cfd0 || file.readUInt32LE(4) !== 0xe11ab1a1) {
    throw new Error('not a compound file');
  }
  const sectorSize = 2 ** file.readUInt16LE(0x1e);
  const miniSectorSize = 2 ** file.readUInt16LE(0x20);
  const sector = (n: number) => file.subarray((n + 1) * sectorSize, (n + 2) * sectorSize);
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const n = file.readUInt32LE(0x4c + 4 * i);
    if (n < endOfChain) fatSectors.push(n);
  }
  let difat = file.readUInt32LE(0x44);
  for (let guard = 0; difat < endOfChain && guard < 1000; guard++) {
    const block = sector(difat);
    for (let i = 0; i < sectorSize / 4 - 1; i++) {
      const n = block.readUInt32LE(4 * i);
      if (n < endOfChain) fatSectors.push(n);
    }
    difat = block.readUInt32LE(sectorSize - 4);
  }
  const fat = Buffer.concat(fatSectors.map(sector));
  const fatEntries = fat.length / 4;
  const chain = (start: number, next: (n: number) => number, limit: number) => {
    const out: number[] = [];
    for (let n = start; n < endOfChain; n = next(n)) {
      if (out.length > limit) throw new Error('a looping sector chain');
      out.push(n);
    }
    return out;
  };
  const read = (start: number, size?: number) => {
    const whole = Buffer.concat(chain(start, (n) => fat.readUInt32LE(4 * n), fatEntries).map(sector));
    return size === undefined ? whole : whole.subarray(0, size);
  };
  const directory = read(file.readUInt32LE(0x30));
  const entries: { name: string; type: number | undefined; start: number; size: number }[] = [];
  for (let at = 0; at + 128 <= directory.length; at += 128) {
    const nameLength = directory.readUInt16LE(at + 0x40);
    entries.push({
      name: directory.subarray(at, at + Math.max(0, nameLength - 2)).toString('utf16le'),
      type: directory[at + 0x42],
      start: directory.readUInt32LE(at + 0x74),
      size: directory.readUInt32LE(at + 0x78),
    });
  }
  const root = entries[0];
  const miniStream = root ? read(root.start, root.size) : Buffer.alloc(0);
  const miniFat = file.readUInt32LE(0x3c) < endOfChain ? read(file.readUInt32LE(0x3c)) : Buffer.alloc(0);
  const miniCutoff = file.readUInt32LE(0x38);
  return (name: string): Buffer | undefined => {
    const entry = entries.find((candidate) => candidate.type === 2 && candidate.name === name);
    if (!entry) return undefined;
    if (entry.size >= miniCutoff) return read(entry.start, entry.size);
    const sectors = chain(entry.start, (n) => miniFat.readUInt32LE(4 * n), miniFat.length / 4);
    return Buffer.concat(sectors.map((n) => miniStream.subarray(n * miniSectorSize, (n + 1) * miniSectorSize))).subarray(0, entry.size);
  };
};

/** Windows-1252's characters 0x80 to 0x9F (the rest of its upper half is Latin-1). */
const cp1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const fromCp1252 = (bytes: Buffer) =>
  [...bytes].map((byte) => (byte >= 0x80 && byte <= 0x9f ? cp1252High[byte - 0x80] : String.fromCharCode(byte))).join('');

/** A Word 97 text's fields (13 code 14 result 15) kept as their results, its control marks as line breaks or nothing. */
const wordText = (text: string) => {
  let out = '';
  const fields: boolean[] = []; // for each open field: whether its code is still being read
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code === 0x13) fields.push(true);
    else if (code === 0x14) {
      if (fields.length) fields[fields.length - 1] = false;
    } else if (code === 0x15) fields.pop();
    else if (fields.at(-1)) continue;
    else if (code === 0x0d || code === 0x07 || code === 0x0b || code === 0x0c) out += '\n';
    else if (code === 0x09) out += '\t';
    else if (code >= 0x20) out += char;
  }
  return out;
};

/** A Word 97-2003 (.doc) file's paragraphs, read through its piece table. */
export const docParagraphs = (data: Uint8Array): string[] => {
  const streams = compoundFileStreams(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const word = streams('WordDocument');
  if (!word || word.length < 0x200) throw new Error('no WordDocument stream');
  const flags = word.readUInt16LE(0x0a);
  if (flags & 0x0100) throw new Error('the document is encrypted');
  const table = streams(flags & 0x0200 ? '1Table' : '0Table');
  if (!table) throw new Error('no table stream');
  // The FIB: 32 fixed bytes, then counted arrays of 16-bit and 32-bit values, then the (fc, lcb) pairs; the Clx is pair 33.
  const shorts = word.readUInt16LE(32);
  const longsAt = 34 + 2 * shorts;
  const longs = word.readUInt16LE(longsAt);
  const pairsAt = longsAt + 2 + 4 * longs + 2;
  const clxAt = word.readUInt32LE(pairsAt + 33 * 8);
  const clxLength = word.readUInt32LE(pairsAt + 33 * 8 + 4);
  let at = clxAt;
  while (table[at] === 0x01) at += 3 + table.readInt16LE(at + 1);
  if (table[at] !== 0x02 || clxLength === 0) throw new Error('no piece table');
  const length = table.readUInt32LE(at + 1);
  const plc = table.subarray(at + 5, at + 5 + length);
  const pieces = (length - 4) / 12;
  let text = '';
  for (let i = 0; i < pieces; i++) {
    const start = plc.readUInt32LE(4 * i);
    const end = plc.readUInt32LE(4 * (i + 1));
    const raw = plc.readUInt32LE(4 * (pieces + 1) + 8 * i + 2);
    const count = Math.max(0, end - start);
    if (raw & 0x40000000) {
      const offset = (raw & 0x3fffffff) / 2;
      text += fromCp1252(word.subarray(offset, offset + count));
    } else {
      text += word.subarray(raw, raw + 2 * count).toString('utf16le');
    }
  }
  return wordText(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
};
