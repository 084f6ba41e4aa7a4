import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** 2 for a list that is one part of a longer page (a job seeker's references). */
  order?: 1 | 2;
};

/** Every screen starts the same way: its name, a line on what it is for, and its main action. */
export const PageHeader = ({ title, description, action, order = 1 }: PageHeaderProps) => (
  <Group justify="space-between" align="flex-end" gap="md" mb={order === 1 ? 'lg' : 0} wrap="wrap">
    <Stack gap={4} style={{ flex: '1 1 16rem' }}>
      <Title order={order} fz={order === 1 ? { base: 24, sm: 28 } : 'lg'}>
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
    {action}
  </Group>
);
