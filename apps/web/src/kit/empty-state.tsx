import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = { icon: ReactNode; title: string; message?: ReactNode; action?: ReactNode; colour?: string };

/** What a screen shows instead of a table: nothing yet, nothing found, no access, or a failure. */
export const EmptyState = ({ icon, title, message, action, colour = 'brand' }: EmptyStateProps) => (
  <Paper withBorder radius="md" p="xl">
    <Stack align="center" gap="xs" py="md" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color={colour} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} fz="lg">
        {title}
      </Title>
      {message && (
        <Text c="dimmed" maw={460}>
          {message}
        </Text>
      )}
      {action}
    </Stack>
  </Paper>
);
