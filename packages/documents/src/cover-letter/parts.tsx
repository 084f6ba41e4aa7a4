/** @jsxRuntime automatic */
import { View } from '@react-pdf/renderer';
import { RichText, type Style } from '../shared/pdf-parts';
import type { Block } from '../shared/rich-text';

/** The body of a letter: one block of paragraphs and lists per section, evenly spaced. */
export const LetterBody = ({
  sections,
  style,
  gap,
  bulletColor,
}: {
  sections: Block[][];
  style: Style;
  gap: number;
  bulletColor?: string;
}) => (
  <View>
    {sections.map((blocks, index) => (
      <View key={`section-${index.toString()}`} style={{ marginTop: index ? gap : 0 }}>
        <RichText blocks={blocks} style={style} gap={gap} bulletColor={bulletColor} bulletWidth={12} listIndent={10} />
      </View>
    ))}
  </View>
);
