import { Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type ComponentProps, useLayoutEffect, useRef } from 'react';
import { comboboxProps } from './combobox';
import type { Option } from './field-descriptor';

type InsertableTextProps = Omit<ComponentProps<typeof TextInput>, 'onChange' | 'value'> & {
  multiline: boolean;
  value: string;
  onChange: (value: string) => void;
  /** What may be put into the text, each inserted as its value ("{{firstName}}") where the cursor was. */
  insertable: { label: string; options: Option[] };
};

/**
 * A text or text area with a picker beside it that inserts a chosen token (a template's variable)
 * where the cursor was, or at the end when the field was never focused.
 */
export const InsertableText = ({ multiline, value, onChange, insertable, ...input }: InsertableTextProps) => {
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const cursor = useRef<{ start: number; end: number } | null>(null);
  const placeAt = useRef<number | null>(null);
  const remember = () => {
    const element = field.current;
    if (element) cursor.current = { start: element.selectionStart ?? value.length, end: element.selectionEnd ?? value.length };
  };
  const insert = (token: string | null) => {
    if (!token) return;
    const { start, end } = cursor.current ?? { start: value.length, end: value.length };
    onChange(value.slice(0, start) + token + value.slice(end));
    const after = start + token.length;
    cursor.current = { start: after, end: after };
    placeAt.current = after;
  };
  // The cursor goes after the token once the new text is in the field, before any key typed next:
  // placed later (a frame after), it would jump back over what was typed meanwhile.
  useLayoutEffect(() => {
    const at = placeAt.current;
    if (at === null || !field.current || field.current.value !== value) return;
    placeAt.current = null;
    field.current.focus();
    field.current.setSelectionRange(at, at);
  }, [value]);
  const common = {
    ...input,
    ref: field,
    value,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
    onSelect: remember,
    onKeyUp: remember,
    onClick: remember,
  };
  return (
    <Stack gap={4}>
      {multiline ? (
        <Textarea {...(common as ComponentProps<typeof Textarea>)} autosize minRows={3} maxRows={12} />
      ) : (
        <TextInput {...common} />
      )}
      <Group justify="flex-end">
        <Select
          size="xs"
          w={220}
          aria-label={`${insertable.label} into ${String(input.label ?? 'the text')}`}
          placeholder={insertable.label}
          data={insertable.options}
          value={null}
          onChange={insert}
          searchable
          comboboxProps={comboboxProps}
        />
      </Group>
    </Stack>
  );
};
