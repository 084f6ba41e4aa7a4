import { Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';

type FileDropProps = {
  /** What the area is for, said inside it and as its name ("Drop a CV here"). */
  label: string;
  /** The kinds and size allowed, said under the label. */
  hint: string;
  /** The file chooser's filter; whatever is dropped still goes to `onFile`, which judges it. */
  accept: string;
  /** Words of the button that opens the file chooser. */
  buttonLabel?: string;
  busy?: boolean;
  disabled?: boolean;
  error?: string | null;
  onFile: (file: File) => void;
};

/**
 * One file, dropped on the area or chosen with its button (the button is the way in for a keyboard
 * or a phone). Only the first of several dropped files is taken.
 */
export const FileDrop = ({ label, hint, accept, buttonLabel = 'Choose a file', busy, disabled, error, onFile }: FileDropProps) => {
  const [over, setOver] = useState(false);
  // Cleared after each choice, so choosing the same file again (after fixing a failure) is seen.
  const reset = useRef<() => void>(null);
  const off = disabled || busy;
  const dragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!off) setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !off) onFile(file);
  };
  return (
    <Paper
      withBorder
      p="md"
      role="group"
      aria-label={label}
      aria-busy={busy}
      onDragOver={dragOver}
      onDragEnter={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: error ? 'var(--mantine-color-red-6)' : over ? 'var(--mantine-primary-color-filled)' : undefined,
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack gap={6} align="center" ta="center">
        <Text fw={600} size="sm">
          {busy ? 'Uploading…' : label}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
        <Group justify="center">
          <FileButton
            resetRef={reset}
            accept={accept}
            disabled={off}
            onChange={(file) => {
              reset.current?.();
              if (file) onFile(file);
            }}
          >
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={16} aria-hidden />} loading={busy}>
                {buttonLabel}
              </Button>
            )}
          </FileButton>
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};
