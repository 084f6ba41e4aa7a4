import { arrange, cvSectionTitles } from '@app/documents/cv/sections';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { moved } from '../entry-list-editor';

type SectionOrderPartProps = {
  templateSlug: string;
  /** The seeker's order; empty keeps the template's own. */
  sectionOrder: string[];
  onChange: (sectionOrder: string[]) => void;
};

/** Where each template draws its sections; its module is the preview's, so it is loaded already. */
const useLayout = (slug: string) =>
  useQuery({
    queryKey: ['cv-template-layout', slug],
    queryFn: async () => (await import('@app/documents/cv/templates')).cvTemplateBySlug(slug).layout,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The order the CV's sections print in, column by column: a two-column template keeps each section
 * in its column, so sections move only among their neighbours there.
 */
export const SectionOrderPart = ({ templateSlug, sectionOrder, onChange }: SectionOrderPartProps) => {
  const layout = useLayout(templateSlug);
  if (!layout.data) return <Skeleton height={160} radius="md" role="status" aria-label="Loading the sections" />;
  const columns = layout.data.columns.map((column) => arrange(column, sectionOrder));
  const columnNames = columns.length === 2 ? ['Sidebar', 'Main column'] : [];
  // Every move writes the whole order, so the next template reads the same wishes.
  const move = (at: number, index: number, by: -1 | 1) =>
    onChange(columns.flatMap((column, c) => (c === at ? moved(column, index, by) : column)));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Put what matters most for the job first. Empty sections are left off the CV.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: columns.length }} spacing="md">
        {columns.map((column, c) => (
          <Stack key={columnNames[c] ?? c} gap={6}>
            {columnNames[c] && (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {columnNames[c]}
              </Text>
            )}
            <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {column.map((key, index) => {
                const title = cvSectionTitles[key];
                return (
                  <Paper key={key} component="li" withBorder radius="sm" px="sm" py={6}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" fw={500}>
                        {title}
                      </Text>
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label="Move up" withArrow openDelay={300}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Move section ${title} up`}
                            disabled={index === 0}
                            onClick={() => move(c, index, -1)}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Move down" withArrow openDelay={300}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Move section ${title} down`}
                            disabled={index === column.length - 1}
                            onClick={() => move(c, index, 1)}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          </Stack>
        ))}
      </SimpleGrid>
      {sectionOrder.length > 0 && (
        <Group>
          <Button variant="subtle" size="xs" leftSection={<IconRestore size={14} aria-hidden />} onClick={() => onChange([])}>
            Use the template’s order
          </Button>
        </Group>
      )}
    </Stack>
  );
};
