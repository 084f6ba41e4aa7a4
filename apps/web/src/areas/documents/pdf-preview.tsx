import { Alert, Box, Group, Loader, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

type PdfPreviewProps<Source> = {
  /** Names the frame for screen readers ("Preview of your CV"). */
  title: string;
  source: Source;
  /** Draws the source as a PDF; react-pdf is loaded by it, on first use. */
  draw: (source: Source) => Promise<Blob>;
};

type Drawn = { url: string | null; state: 'drawing' | 'ready' | 'failed'; message?: string };

/**
 * The document as it will print, drawn in the browser by the same templates the server uses,
 * 600 ms after the last change. One drawing at a time: react-pdf's layout is not made to run
 * twice at once, and a drawing overtaken by a newer change is not worth showing.
 */
export const PdfPreview = <Source,>({ title, source, draw }: PdfPreviewProps<Source>) => {
  const [settled] = useDebouncedValue(source, 600);
  const [drawn, setDrawn] = useState<Drawn>({ url: null, state: 'drawing' });
  const running = useRef(false);
  const next = useRef<Source | null>(null);
  const mounted = useRef(true);
  const drawRef = useRef(draw);
  drawRef.current = draw;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    next.current = settled;
    if (running.current) return;
    const work = async () => {
      running.current = true;
      while (next.current !== null && mounted.current) {
        const current = next.current;
        next.current = null;
        setDrawn((before) => ({ ...before, state: 'drawing' }));
        try {
          const blob = await drawRef.current(current);
          if (!mounted.current) return;
          // A newer change is waiting: draw that instead of showing this one.
          if (next.current !== null) continue;
          const url = URL.createObjectURL(blob);
          setDrawn((before) => {
            if (before.url) URL.revokeObjectURL(before.url);
            return { url, state: 'ready' };
          });
        } catch (error) {
          if (mounted.current) setDrawn((before) => ({ ...before, state: 'failed', message: (error as Error).message }));
        }
      }
      running.current = false;
    };
    void work();
  }, [settled]);

  // The last drawing's object URL goes with the preview.
  const urlRef = useRef<string | null>(null);
  urlRef.current = drawn.url;
  useEffect(() => () => void (urlRef.current && URL.revokeObjectURL(urlRef.current)), []);

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="md" py={8} bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="sm" fw={600}>
          Preview
        </Text>
        <Group gap={6} aria-live="polite">
          {drawn.state === 'drawing' && <Loader size={14} aria-hidden />}
          <Text size="xs" c="dimmed">
            {drawn.state === 'drawing' ? 'Updating…' : drawn.state === 'ready' ? 'Up to date' : 'Could not draw the preview'}
          </Text>
        </Group>
      </Group>
      {drawn.state === 'failed' && (
        <Alert color="red" variant="light" radius={0} icon={<IconAlertTriangle size={18} aria-hidden />}>
          {drawn.message || 'The preview could not be drawn.'} Saving and downloading still work.
        </Alert>
      )}
      <Box h={{ base: '70vh', lg: 'calc(100vh - 190px)' }} mih={480} bg="gray.2">
        {drawn.url ? (
          <iframe
            title={title}
            src={`${drawn.url}#toolbar=0&navpanes=0&view=FitH`}
            style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
          />
        ) : (
          <Group h="100%" justify="center" aria-busy="true">
            <Loader role="progressbar" aria-label="Drawing the preview" />
          </Group>
        )}
      </Box>
    </Paper>
  );
};
