import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Detail = { label: string; value: ReactNode };

/** A record's facts as label and value pairs, two or three to a row on wider screens; empty values say so. */
export const DetailsGrid = ({ items }: { items: readonly Detail[] }) => (
  <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
    {items.map((item) => (
      <Stack key={item.label} gap={2}>
        <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {item.label}
        </Text>
        <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
          {item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}
        </Text>
      </Stack>
    ))}
  </SimpleGrid>
);
