import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken, luminance, type MantineColorsTuple } from '@mantine/core';

/** A calm blue-teal: trustworthy without shouting, and dark enough at shade 7 for white text. */
const brand: MantineColorsTuple = [
  '#e8f5f8',
  '#d4e8ee',
  '#a7cfdc',
  '#77b5c9',
  '#509fb9',
  '#3892b0',
  '#288aac',
  '#177797',
  '#056a88',
  '#005b76',
];

/** The WCAG contrast ratio of two colours (1 to 21). */
const contrast = (a: string, b: string) => {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

/** `top` laid over `bottom` at `opacity` (both #rrggbb): what a tinted background looks like. */
const over = (top: string, bottom: string, opacity: number) => {
  const channel = (hex: string, at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
  const mixed = [1, 3, 5].map((at) => Math.round(channel(top, at) * opacity + channel(bottom, at) * (1 - opacity)));
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
};

/**
 * The lightest of a palette's shades 7 to 9, or shade 9 darkened step by step, that reads at AA (4.5:1)
 * against `background`: Mantine's own shades for green, yellow, orange, red… are too light for text on white.
 */
const readable = (shades: readonly string[], background: string) => {
  for (const shade of shades.slice(7)) if (contrast(shade, background) >= 4.6) return shade;
  let step = 0.05;
  while (step < 0.9 && contrast(darken(shades[9] as string, step), background) < 4.6) step += 0.05;
  return darken(shades[9] as string, step);
};

const pageGrey = DEFAULT_THEME.colors.gray[0];

/**
 * Every colour's text, light (tinted badges, subtle buttons, the active navigation link), outline and
 * filled (white text) variants at AA contrast, and dimmed text and error messages too (WCAG 1.4.3):
 * the same look, one shade or a little darker where Mantine's own fails.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Lighter than text, still 4.6:1 on white: a file input's placeholder is text on the page.
    '--mantine-color-placeholder': '#6c757d',
  };
  for (const [name, shades] of Object.entries(resolved.colors)) {
    const tint = over(shades[7] as string, pageGrey, 0.12);
    const onTint = readable(shades, tint);
    const filled = readable(shades, '#ffffff');
    light[`--mantine-color-${name}-text`] = readable(shades, pageGrey);
    light[`--mantine-color-${name}-light-color`] = onTint;
    light[`--mantine-color-${name}-outline`] = onTint;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
  }
  light['--mantine-color-error'] = light['--mantine-color-red-text'] as string;
  return { variables: {}, light, dark: {} };
};

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  // System fonts only: the app runs without internet access.
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    // The close button is an icon: it needs a name (WCAG 4.1.2).
    Modal: {
      defaultProps: { radius: 'md', overlayProps: { backgroundOpacity: 0.45, blur: 2 }, closeButtonProps: { 'aria-label': 'Close' } },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Help text under the input keeps side-by-side inputs level whether or not they have any.
    InputWrapper: { defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] } },
  },
});
