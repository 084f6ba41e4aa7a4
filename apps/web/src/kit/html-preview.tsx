import { Box } from '@mantine/core';

type HtmlPreviewProps = {
  /** HTML written by an admin (a template's body); shown as it will look, never run. */
  html: string;
  /** Names the frame for screen readers ("Preview of Welcome mail"). */
  title: string;
  height?: number;
};

const frame = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e;margin:16px;overflow-wrap:anywhere}img{max-width:100%}</style></head><body>${html}</body></html>`;

/**
 * Shows HTML in a sandboxed frame with no permissions at all: no scripts, no forms, no access to
 * this page or its cookies, whatever the HTML holds. The server sanitises what it stores too; the
 * frame means a preview never depends on that alone.
 */
export const HtmlPreview = ({ html, title, height = 360 }: HtmlPreviewProps) => (
  <Box
    component="iframe"
    title={title}
    sandbox=""
    srcDoc={frame(html)}
    referrerPolicy="no-referrer"
    style={{
      width: '100%',
      height,
      border: '1px solid var(--mantine-color-gray-3)',
      borderRadius: 'var(--mantine-radius-md)',
      background: 'white',
    }}
  />
);
