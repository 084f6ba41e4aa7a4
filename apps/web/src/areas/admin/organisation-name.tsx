import { Skeleton, Text } from '@mantine/core';

/** An organisation's name: a placeholder while the names load, and its id for one no longer there. */
export const OrganisationName = ({ id, names }: { id: string | null | undefined; names: Map<string, string> | undefined }) => {
  if (!id) return null;
  if (!names) return <Skeleton height={12} width={96} radius="sm" />;
  const name = names.get(id);
  return name ? (
    <Text size="sm">{name}</Text>
  ) : (
    <Text size="xs" ff="monospace" c="dimmed">
      {id}
    </Text>
  );
};
