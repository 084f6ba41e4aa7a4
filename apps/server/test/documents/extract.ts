import { unzipSync } from 'fflate';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';

/** The text of a PDF as a reader (or an applicant-tracking system) gets it, and its page count. */
export const pdfText = async (pdf: Uint8Array) => {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
};

/** The paragraphs of a Word file's body, as text, with each paragraph's style. */
export const docxParagraphs = (docx: Uint8Array) => {
  const xml = new TextDecoder().decode(unzipSync(new Uint8Array(docx))['word/document.xml']);
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return xml
    .split('</w:p>')
    .map((paragraph) => ({
      style: /<w:pStyle w:val="([^"]+)"/.exec(paragraph)?.[1],
      text: decode(
        [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br\/>/g)]
          .map((match) => match[1] ?? (match[0] === '<w:tab/>' ? '\t' : '\n'))
          .join(''),
      ),
    }))
    .filter((paragraph) => paragraph.text.trim());
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Words may wrap onto the next line or be spaced differently; case may be changed by the template. */
const loosely = (text: string) => text.trim().split(/\s+/).map(escapeRegExp).join('\\s+');

/**
 * Each of `needles` is found after the one before it. Headings (`{ line: true }`) must start a line,
 * so "Experience" in "nine years of experience" does not count as the heading.
 */
export const expectInOrder = (text: string, needles: (string | { line: string })[]) => {
  let from = 0;
  for (const needle of needles) {
    const line = typeof needle !== 'string';
    const value = typeof needle === 'string' ? needle : needle.line;
    const pattern = new RegExp(line ? `(?:^|\\n)[ \\t]*(${loosely(value)})(?=\\s|$)` : `(${loosely(value)})`, 'gi');
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    expect(match, `"${value}" after …${JSON.stringify(text.slice(Math.max(0, from - 60), from))}`).not.toBeNull();
    from = match!.index + match![0].length;
  }
};
