/**
 * Rich text as the builders send it (simple HTML from the editor, or plain text with "-" bullets),
 * read into paragraphs and lists of styled runs that the PDF and DOCX writers both draw.
 *
 * A small tokenizer, not a browser: it knows p, div, h1–h6, br, strong/b, em/i, u, a, ul, ol and li;
 * other tags are dropped and their text kept; script and style lose their content too. Nothing in the
 * input is ever executed or inserted as markup.
 */

export type Run = { text: string; bold?: boolean; italic?: boolean; underline?: boolean; link?: string };
export type Block = { kind: 'paragraph'; runs: Run[] } | { kind: 'list'; ordered: boolean; items: Run[][] };

const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  pound: '£',
  euro: '€',
  copy: '©',
  reg: '®',
  trade: '™',
};

export const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return named[entity.toLowerCase()] ?? whole;
  });

export const looksLikeHtml = (text: string) => /<\/?(p|div|br|strong|b|em|i|u|ul|ol|li|span|a|h[1-6])\b[^>]*>/i.test(text);

const bulletLine = /^\s*(?:[-*•·▪◦]|\u2022)\s+(.*)$/;
const numberedLine = /^\s*\d{1,3}[.)]\s+(.*)$/;

/** Plain text: blank lines part paragraphs, "-", "*" or "•" lines make a list, "1." lines a numbered one. */
const fromPlainText = (text: string): Block[] => {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: Run[][] } | undefined;
  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', runs: [{ text: paragraph.join('\n') }] });
    paragraph = [];
  };
  const flushList = () => {
    if (list) blocks.push({ kind: 'list', ...list });
    list = undefined;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const bullet = bulletLine.exec(raw);
    const numbered = bullet ? null : numberedLine.exec(raw);
    if (!line) {
      flushParagraph();
      flushList();
    } else if (bullet || numbered) {
      flushParagraph();
      const ordered = !bullet;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push([{ text: (bullet ?? numbered)![1].trim() }]);
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks;
};

const safeLink = (href: string | undefined) => (href && /^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : undefined);

const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3] ?? '') : undefined;
};

const blockTags = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'section', 'article', 'header', 'footer', 'pre']);

const fromHtml = (html: string): Block[] => {
  const blocks: Block[] = [];
  let runs: Run[] = [];
  const lists: { ordered: boolean; items: Run[][] }[] = [];
  let item: Run[] | undefined;
  let bold = 0;
  let italic = 0;
  let underline = 0;
  let heading = 0;
  let skip = 0;
  const links: (string | undefined)[] = [];

  const target = () => item ?? runs;
  const flushParagraph = () => {
    if (runs.length) blocks.push({ kind: 'paragraph', runs });
    runs = [];
  };
  const addText = (text: string) => {
    const into = target();
    const collapsed = text.replace(/\s+/g, ' ');
    const last = into[into.length - 1];
    // Whitespace at the start of a paragraph, after a line break or after a space is not shown.
    const value = !last || last.text.endsWith('\n') || last.text.endsWith(' ') ? collapsed.replace(/^ /, '') : collapsed;
    if (!value) return;
    const run: Run = { text: value };
    if (bold || heading) run.bold = true;
    if (italic) run.italic = true;
    if (underline) run.underline = true;
    const link = links[links.length - 1];
    if (link) run.link = link;
    into.push(run);
  };

  const tokens = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|</g;
  for (const match of html.matchAll(tokens)) {
    const [whole, closing, rawName, , text] = match;
    if (text !== undefined || whole === '<') {
      if (!skip) addText(decodeEntities(text ?? whole));
      continue;
    }
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    const close = closing === '/';
    if (name === 'script' || name === 'style' || name === 'template') {
      skip = Math.max(0, skip + (close ? -1 : 1));
      continue;
    }
    if (skip) continue;
    if (name === 'br') {
      target().push({ text: '\n' });
    } else if (name === 'strong' || name === 'b') {
      bold = Math.max(0, bold + (close ? -1 : 1));
    } else if (name === 'em' || name === 'i') {
      italic = Math.max(0, italic + (close ? -1 : 1));
    } else if (name === 'u') {
      underline = Math.max(0, underline + (close ? -1 : 1));
    } else if (name === 'a') {
      if (close) links.pop();
      else links.push(safeLink(attribute(whole, 'href')));
    } else if (name === 'ul' || name === 'ol') {
      if (!close) {
        if (!lists.length) flushParagraph();
        lists.push({ ordered: name === 'ol', items: [] });
      } else {
        const list = lists.pop();
        item = undefined;
        if (list && !lists.length) {
          const items = list.items.map(trimRuns).filter((runs) => runs.length);
          if (items.length) blocks.push({ kind: 'list', ordered: list.ordered, items });
        } else if (list) {
          // A nested list is flattened into its parent's items.
          lists[lists.length - 1].items.push(...list.items);
        }
      }
    } else if (name === 'li') {
      if (!close && lists.length) {
        item = [];
        lists[lists.length - 1].items.push(item);
      } else if (close) {
        item = undefined;
      }
    } else if (blockTags.has(name)) {
      if (/^h[1-6]$/.test(name)) heading = close ? 0 : 1;
      if (item) {
        if (close) item.push({ text: ' ' });
      } else if (!lists.length) {
        flushParagraph();
      }
    }
  }
  flushParagraph();
  while (lists.length) {
    const list = lists.shift()!;
    const items = list.items.map(trimRuns).filter((runs) => runs.length);
    if (items.length) blocks.push({ kind: 'list', ordered: list.ordered, items });
  }
  return blocks;
};

const sameStyle = (a: Run, b: Run) => a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.link === b.link;

/** Joins neighbouring runs of one style and trims the ends of a paragraph. */
const trimRuns = (runs: Run[]) => {
  const merged: Run[] = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    if (last && sameStyle(last, run)) last.text += run.text;
    else merged.push({ ...run });
  }
  while (merged.length && !merged[0].text.replace(/^[ \n]+/, '')) merged.shift();
  while (merged.length && !merged[merged.length - 1].text.replace(/[ \n]+$/, '')) merged.pop();
  if (merged.length) {
    merged[0].text = merged[0].text.replace(/^[ \n]+/, '');
    const last = merged[merged.length - 1];
    last.text = last.text.replace(/[ \n]+$/, '');
  }
  return merged.map((run) => ({ ...run, text: run.text.replace(/ \n/g, '\n').replace(/\n /g, '\n') }));
};

/** Paragraphs and lists from the builder's HTML or plain text; empty input gives no blocks. */
export const parseRichText = (input: string | null | undefined): Block[] => {
  if (!input?.trim()) return [];
  const blocks = looksLikeHtml(input) ? fromHtml(input) : fromPlainText(input);
  return blocks
    .map((block): Block => (block.kind === 'paragraph' ? { kind: 'paragraph', runs: trimRuns(block.runs) } : block))
    .filter((block) => (block.kind === 'paragraph' ? block.runs.length > 0 : block.items.length > 0));
};

/** The words alone, for a one-line summary or a search index. */
export const plainText = (blocks: Block[]) =>
  blocks
    .map((block) =>
      block.kind === 'paragraph'
        ? block.runs.map((run) => run.text).join('')
        : block.items.map((runs) => runs.map((run) => run.text).join('')).join('\n'),
    )
    .join('\n\n');
