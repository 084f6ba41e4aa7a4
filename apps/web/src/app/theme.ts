import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
    Modal: { defaultProps: { radius: 'md', overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    // Help text under the input keeps side-by-side inputs level whether or not they have any.
    InputWrapper: { defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] } },
  },
});
