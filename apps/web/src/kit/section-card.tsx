import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type SectionCardProps = { id?: string; title: string; description?: ReactNode; action?: ReactNode; children: ReactNode };

/** One part of a longer page (a profile's details, its CV): a titled card, named for screen readers by its title. */
export const SectionCard = ({ id, title, description, action, children }: SectionCardProps) => {
  const headingId = useId();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId} id={id} style={{ scrollMarginTop: 76 }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 14rem' }}>
            <Title order={2} fz="lg" id={headingId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
};
