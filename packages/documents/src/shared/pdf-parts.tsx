/** @jsxRuntime automatic */
// The pragma above lets tsx and vitest compile these files without a project-wide JSX setting.
import { Link, type Styles, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { type Block, parseRichText, type Run } from './rich-text';

export type Style = Styles[string];

/** A photo as a URL (the live preview) or a data URI (the server reads the file and passes it in); PNG or JPEG. */
export type PhotoSource = string;

const runStyle = (run: Run, linkColor?: string): Style => ({
  ...(run.bold ? { fontWeight: 700 } : {}),
  ...(run.italic ? { fontStyle: 'italic' } : {}),
  ...(run.underline ? { textDecoration: 'underline' } : {}),
  ...(run.link && linkColor ? { color: linkColor, textDecoration: 'none' } : {}),
});

export const Runs = ({ runs, linkColor }: { runs: Run[]; linkColor?: string }) => (
  <>
    {runs.map((run, index) => {
      const style = runStyle(run, linkColor);
      const key = `${index}-${run.text.slice(0, 8)}`;
      if (run.link) {
        return (
          <Link key={key} src={run.link} style={style}>
            {run.text}
          </Link>
        );
      }
      return Object.keys(style).length ? (
        <Text key={key} style={style}>
          {run.text}
        </Text>
      ) : (
        run.text
      );
    })}
  </>
);

export type RichTextProps = {
  /** HTML or plain text from the builder. */
  text?: string | null;
  /** Already parsed blocks, when the caller needed them first. */
  blocks?: Block[];
  style?: Style;
  /** Space between paragraphs and lists. */
  gap?: number;
  bulletColor?: string;
  linkColor?: string;
  /** The bullet's glyph; numbered lists count instead. */
  bullet?: string;
  bulletWidth?: number;
  /** How far lists sit in from the text's left edge. */
  listIndent?: number;
};

/** Paragraphs and bullet lists from the builder's rich text, as real text. */
export const RichText = ({
  text,
  blocks,
  style,
  gap = 4,
  bulletColor,
  linkColor,
  bullet = '•',
  bulletWidth = 10,
  listIndent = 0,
}: RichTextProps) => {
  const parsed = blocks ?? parseRichText(text);
  if (!parsed.length) return null;
  return (
    <View>
      {parsed.map((block, index) => {
        const key = `${block.kind}-${index}`;
        const spacing = { marginTop: index ? gap : 0 };
        if (block.kind === 'paragraph') {
          return (
            <Text key={key} style={[style ?? {}, spacing]}>
              <Runs runs={block.runs} linkColor={linkColor} />
            </Text>
          );
        }
        return (
          <View key={key} style={{ ...spacing, marginLeft: listIndent }}>
            {block.items.map((runs, itemIndex) => (
              <View key={`${key}-${itemIndex.toString()}`} style={{ flexDirection: 'row', marginTop: itemIndex ? gap / 2 : 0 }}>
                <Text style={[style ?? {}, { width: bulletWidth, color: bulletColor ?? style?.color }]}>
                  {block.ordered ? `${itemIndex + 1}.` : bullet}
                </Text>
                <Text style={[style ?? {}, { flex: 1 }]}>
                  <Runs runs={runs} linkColor={linkColor} />
                </Text>
              </View>
            ))}
          </View>
        );
      })}
    </View>
  );
};

/** Five dots, the first `rating` filled: drawn shapes, not glyphs, so any font will do. */
export const RatingDots = ({
  rating,
  color,
  empty,
  size = 5,
  gap = 2.5,
}: {
  rating: number;
  color: string;
  empty: string;
  size?: number;
  gap?: number;
}) => (
  <View style={{ flexDirection: 'row', alignItems: 'center' }}>
    {[1, 2, 3, 4, 5].map((step) => (
      <View
        key={step}
        style={{
          width: size,
          height: size,
          borderRadius: size / 2,
          marginLeft: step > 1 ? gap : 0,
          backgroundColor: step <= rating ? color : empty,
        }}
      />
    ))}
  </View>
);

/** A bar filled to `rating` fifths. */
export const RatingBar = ({ rating, color, track, height = 3.5 }: { rating: number; color: string; track: string; height?: number }) => (
  <View style={{ height, borderRadius: height / 2, backgroundColor: track }}>
    <View style={{ height, width: `${(Math.min(5, Math.max(0, rating)) / 5) * 100}%`, borderRadius: height / 2, backgroundColor: color }} />
  </View>
);

/** Keeps a heading on the same page as at least the start of what follows it. */
export const KeepWithNext = ({ children, space = 60, style }: { children: ReactNode; space?: number; style?: Style }) => (
  <View minPresenceAhead={space} style={style}>
    {children}
  </View>
);

/**
 * Extra spaces that survive line breaking: every space but the last becomes a no-break space. (react-pdf
 * takes a run of two or more spaces for a hyphenation point and draws a stray "-" when it breaks there.)
 */
export const spaced = (text: string) => text.replace(/ /g, '\u00a0').replace(/\u00a0$/, ' ');

/** " · " between the parts that are there. */
export const joined = (parts: (string | null | undefined | false)[], separator = '  ·  ') => parts.filter(Boolean).join(spaced(separator));

/** Spaces that never break a line, so "Full UK driving licence" stays on one line. */
export const unbroken = <T extends string | null | undefined | false>(text: T): T =>
  typeof text === 'string' ? (text.replace(/ /g, '\u00a0') as T) : text;

/** Where a long address may wrap: after each "@", ".", "/" or "-", and within any piece longer than `longest`. */
export const breakPoints = (text: string, longest = 18) =>
  (text.match(/[^@./-]*[@./-]?/g) ?? []).filter(Boolean).flatMap((piece) => piece.match(new RegExp(`.{1,${longest}}`, 'gu')) ?? []);

/**
 * Text with no spaces to wrap at (an email, a link) that wraps at its break points instead of running
 * past its column, and without the hyphen a word broken across lines gets.
 */
export const WrappingText = ({ text, style }: { text: string; style?: Style }) => (
  <View style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
    {breakPoints(text).map((piece, index) => (
      <Text key={`${index.toString()}-${piece}`} style={style}>
        {piece}
      </Text>
    ))}
  </View>
);
