/** @jsxRuntime automatic */
import { Document, Page, renderToBuffer, Text, View } from '@react-pdf/renderer';
import { pdfSafeText } from '../shared/pdf-text';

/**
 * A copy of a CV's text with some of it left out (a client's copy without the candidate's contact
 * details): the server reads the text of the CV as it was sent, leaves out what may not be shown, and
 * draws the rest here, so what is withheld is not in the file at all (not covered, not hidden).
 *
 * A PDF's text is drawn where it stood, run by run (`laidOut`), in Helvetica, each run narrowed to
 * its original width when Helvetica is wider than the font it was set in; pictures, lines and colours
 * are not copied. A Word file's text, which has no positions, flows as paragraphs (`flowing`).
 */

/** One run of text where it stood: left edge and baseline from the page's top left, in points. */
export type PlacedRun = { text: string; x: number; baseline: number; fontSize: number; width: number; serif?: boolean };
export type LaidOutPage = { width: number; height: number; runs: PlacedRun[] };

export type RedactedCopy =
  | { kind: 'laid-out'; pages: LaidOutPage[]; notice: string; title?: string }
  | { kind: 'flowing'; paragraphs: string[]; notice: string; title?: string };

/** Said when nothing of the CV's text could be read (a scanned CV is a picture of text). */
export const noTextNotice = 'The text of this CV could not be read (it may be a scanned image), so it is not shown here.';

/** Helvetica's advance widths for the printable ASCII characters (from its AFM), per 1000 units of font size. */
const helvetica = [
  278, 278, 355, 556, 556, 889, 667, 222, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 222, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const helveticaWidth = (text: string, fontSize: number) => {
  let units = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    units += code >= 32 && code <= 126 ? (helvetica[code - 32] as number) : 556;
  }
  return (units * fontSize) / 1000;
};

const noticeStyle = { position: 'absolute', top: 8, left: 24, right: 24, fontSize: 7, color: '#555555' } as const;

/** A run at its place: the size shrunk (not below 60%) when Helvetica would run past the original's width. */
const Run = ({ run }: { run: PlacedRun }) => {
  const text = pdfSafeText(run.text);
  const natural = helveticaWidth(text, run.fontSize);
  const fontSize = run.width > 0 && natural > run.width ? Math.max(run.fontSize * 0.6, (run.fontSize * run.width) / natural) : run.fontSize;
  const drawn = helveticaWidth(text, fontSize);
  return (
    <Text
      style={{
        position: 'absolute',
        left: run.x,
        // The text box's top: Helvetica's ascender above the baseline.
        top: run.baseline - fontSize * 0.905,
        width: drawn + fontSize * 2,
        fontSize,
        lineHeight: 1.15,
        fontFamily: 'Helvetica',
      }}
    >
      {text}
    </Text>
  );
};

const Copy = ({ copy }: { copy: RedactedCopy }) => {
  const title = copy.title ?? 'CV';
  if (copy.kind === 'laid-out') {
    const pages = copy.pages.length > 0 ? copy.pages : [{ width: 595.28, height: 841.89, runs: [] }];
    const empty = pages.every((page) => page.runs.length === 0);
    return (
      <Document title={title} creator="Recruitment Platform" language="en-GB">
        {pages.map((page, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: pages have no identity but their order
          <Page key={index} size={{ width: page.width, height: page.height }} style={{ fontFamily: 'Helvetica', color: '#111111' }}>
            {index === 0 && <Text style={noticeStyle}>{pdfSafeText(copy.notice)}</Text>}
            {index === 0 && empty && <Text style={{ ...noticeStyle, top: 40, fontSize: 10 }}>{noTextNotice}</Text>}
            {page.runs.map((run, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: runs are drawn in order and never move
              <Run key={at} run={run} />
            ))}
          </Page>
        ))}
      </Document>
    );
  }
  const paragraphs = copy.paragraphs.filter((paragraph) => paragraph.trim());
  return (
    <Document title={title} creator="Recruitment Platform" language="en-GB">
      <Page size="A4" style={{ fontFamily: 'Helvetica', fontSize: 10.5, lineHeight: 1.4, color: '#111111', padding: 56, paddingTop: 48 }}>
        <Text style={{ fontSize: 7, color: '#555555', marginBottom: 18 }} fixed>
          {pdfSafeText(copy.notice)}
        </Text>
        {paragraphs.length === 0 && <Text>{noTextNotice}</Text>}
        <View>
          {paragraphs.map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their order
            <Text key={index} style={{ marginBottom: 4 }}>
              {pdfSafeText(paragraph)}
            </Text>
          ))}
        </View>
      </Page>
    </Document>
  );
};

/** The copy as a PDF. */
export const renderRedactedPdf = (copy: RedactedCopy): Promise<Buffer> => renderToBuffer(<Copy copy={copy} />);
