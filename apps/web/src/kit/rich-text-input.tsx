import '@mantine/tiptap/styles.css';
import { Group, Input, Select } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { comboboxProps } from './combobox';
import type { Option } from './field-descriptor';

type RichTextInputProps = {
  label: string;
  description?: string;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  classNames?: { label: string };
  /** HTML; an empty editor is ''. */
  value: string;
  onChange: (html: string) => void;
  /** What may be put into the text (a template's variables), each inserted as its value where the cursor is. */
  insertable?: { label: string; options: Option[] };
};

/**
 * A labelled rich-text input (Mantine's tiptap editor): headings, emphasis, lists, quotes and links,
 * what the server's sanitiser keeps. The editable area is a textbox named by the label.
 */
export const RichTextInput = ({
  label,
  description,
  error,
  disabled,
  required,
  classNames,
  value,
  onChange,
  insertable,
}: RichTextInputProps) => {
  const id = useId();
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    if (!editor) return;
    // Without `false` tiptap reports an update, which forms take for typing and so drop the field's error.
    editor.setEditable(!disabled, false);
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          'aria-invalid': error ? 'true' : 'false',
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(required ? { 'aria-required': 'true' } : {}),
        },
      },
    });
  }, [editor, disabled, label, error, describedBy, required]);

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      description={description}
      error={error}
      classNames={classNames}
      descriptionProps={{ id: `${id}-description` }}
      errorProps={{ id: `${id}-error` }}
    >
      <RichTextEditor editor={editor} mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={200} />
      </RichTextEditor>
      {insertable && (
        <Group justify="flex-end" mt={4}>
          <Select
            aria-label={`${insertable.label} into ${label}`}
            placeholder={insertable.label}
            searchable
            data={insertable.options}
            value={null}
            onChange={(token) => {
              if (token) editor?.chain().focus().insertContent(token).run();
            }}
            disabled={disabled}
            size="xs"
            w={220}
            comboboxProps={comboboxProps}
          />
        </Group>
      )}
    </Input.Wrapper>
  );
};
