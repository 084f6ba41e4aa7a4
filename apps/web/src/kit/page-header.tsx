import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Every screen starts the same way: its name, a line on what it is for, and its main action. */
export const PageHeader = ({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) => (
  <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
    <Stack gap={4} style={{ flex: '1 1 16rem' }}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
    {action}
  </Group>
);
