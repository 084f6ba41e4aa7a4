import { ColorInput } from '@mantine/core';

/** Colours that read well as headings and bands on white paper and print well in greyscale. */
const swatches = ['#1f4e79', '#2f5d50', '#7a1f3d', '#4b3f72', '#8a4b08', '#0f6e78', '#374151', '#b42318'];

type AccentColourInputProps = { value: string; onChange: (value: string) => void; error?: string };

export const AccentColourInput = ({ value, onChange, error }: AccentColourInputProps) => (
  <ColorInput
    label="Accent colour"
    description="Headings and bands are drawn in it"
    format="hex"
    value={value}
    onChange={onChange}
    swatches={swatches}
    swatchesPerRow={8}
    withEyeDropper={false}
    error={error}
  />
);
