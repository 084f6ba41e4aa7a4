import { Text } from '@mantine/core';

/** An organisation's name, or its id where the user may not list organisations. */
export const OrganisationName = ({ id, names }: { id: string | null | undefined; names: Map<string, string> }) =>
  id ? (
    names.get(id) ? (
      <Text size="sm">{names.get(id)}</Text>
    ) : (
      <Text size="xs" ff="monospace" c="dimmed">
        {id}
      </Text>
    )
  ) : null;
