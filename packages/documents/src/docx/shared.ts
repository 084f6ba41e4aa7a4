import {
  AlignmentType,
  BorderStyle,
  ExternalHyperlink,
  type INumberingOptions,
  type IStylesOptions,
  LevelFormat,
  Paragraph,
  type ParagraphChild,
  TabStopType,
  TextRun,
} from 'docx';
import { type Block, parseRichText, type Run } from '../shared/rich-text';

/** A4 in twentieths of a point, with 2 cm margins. */
export const page = { width: 11_906, height: 16_838, margin: 1_134 };
export const textWidth = page.width - 2 * page.margin;

export const sectionProperties = {
  page: {
    size: { width: page.width, height: page.height },
    margin: { top: page.margin, bottom: page.margin, left: page.margin, right: page.margin },
  },
};

export const hex = (color: string) => color.replace('#', '').toUpperCase();
export const muted = '5F6368';

/** Calibri body text; Heading 1 is a section heading in the accent colour with a rule under it. */
export const documentStyles = (accent: string, bodySize = 21): IStylesOptions => ({
  default: {
    document: { run: { font: 'Calibri', size: bodySize, color: '222222' }, paragraph: { spacing: { after: 60, line: 264 } } },
    heading1: {
      run: { font: 'Calibri', size: 24, bold: true, allCaps: true, color: hex(accent) },
      paragraph: {
        spacing: { before: 280, after: 120 },
        keepNext: true,
        border: { bottom: { color: hex(accent), space: 2, style: BorderStyle.SINGLE, size: 6 } },
      },
    },
  },
});

/** Ordered lists; bullets use docx's built-in bullet list. */
export const numbering: INumberingOptions = {
  config: [
    {
      reference: 'numbered',
      levels: [
        {
          level: 0,
          format: LevelFormat.DECIMAL,
          text: '%1.',
          alignment: AlignmentType.START,
          style: { paragraph: { indent: { left: 500, hanging: 280 } } },
        },
      ],
    },
  ],
};

const runsOf = (run: Run, extra: { size?: number; color?: string } = {}): TextRun[] =>
  run.text.split('\n').map(
    (text, index) =>
      new TextRun({
        text,
        break: index ? 1 : undefined,
        bold: run.bold,
        italics: run.italic,
        underline: run.underline ? {} : undefined,
        ...extra,
      }),
  );

export const childrenOf = (runs: Run[], extra: { size?: number; color?: string } = {}): ParagraphChild[] =>
  runs.flatMap((run): ParagraphChild[] =>
    run.link ? [new ExternalHyperlink({ link: run.link, children: runsOf(run, { ...extra, color: '1155CC' }) })] : runsOf(run, extra),
  );

let listInstance = 0;

/** Paragraphs and lists from rich text; every numbered list counts from 1. */
export const richParagraphs = (
  input: string | Block[] | null | undefined,
  options: { size?: number; color?: string; after?: number } = {},
) => {
  const blocks = typeof input === 'string' || input == null ? parseRichText(input) : input;
  const extra = { size: options.size, color: options.color };
  return blocks.flatMap((block) => {
    if (block.kind === 'paragraph')
      return [new Paragraph({ children: childrenOf(block.runs, extra), spacing: { after: options.after ?? 80 } })];
    listInstance += 1;
    const instance = listInstance;
    return block.items.map(
      (runs, index) =>
        new Paragraph({
          children: childrenOf(runs, extra),
          // The list's last item keeps a paragraph's distance from what follows.
          spacing: { after: index === block.items.length - 1 ? (options.after ?? 80) : 30 },
          ...(block.ordered ? { numbering: { reference: 'numbered', level: 0, instance } } : { bullet: { level: 0 } }),
        }),
    );
  });
};

/** A bold line with its dates at the right margin. */
export const entryHeading = (title: string, dates: string | null | undefined, options: { size?: number; detail?: string | null } = {}) =>
  new Paragraph({
    keepNext: true,
    spacing: { before: 140, after: 0 },
    tabStops: [{ type: TabStopType.RIGHT, position: textWidth }],
    children: [
      new TextRun({ text: title, bold: true, size: options.size ?? 22 }),
      ...(options.detail ? [new TextRun({ text: `, ${options.detail}`, color: muted, size: options.size ?? 22 })] : []),
      ...(dates ? [new TextRun({ text: `\t${dates}`, color: muted, size: 19 })] : []),
    ],
  });

/** The quieter line under an entry's heading. */
export const entrySubtitle = (text: string, accent?: string) =>
  new Paragraph({
    keepNext: true,
    spacing: { after: 60 },
    children: [new TextRun({ text, italics: !accent, color: accent ? hex(accent) : muted })],
  });

export const plain = (
  text: string,
  options: {
    bold?: boolean;
    color?: string;
    size?: number;
    after?: number;
    alignment?: (typeof AlignmentType)[keyof typeof AlignmentType];
  } = {},
) =>
  new Paragraph({
    alignment: options.alignment,
    spacing: { after: options.after ?? 60 },
    children: [new TextRun({ text, bold: options.bold, color: options.color ? hex(options.color) : undefined, size: options.size })],
  });
