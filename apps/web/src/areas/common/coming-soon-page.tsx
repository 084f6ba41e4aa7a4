import { List, Paper, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../kit/page-header';
import { useSession } from '../../kit/session';

/** The welcome page of an area whose screens come in later issues. */
export const ComingSoonPage = ({ intro, coming }: { intro: string; coming: readonly string[] }) => {
  const { user } = useSession();
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={`Welcome, ${user?.name ?? ''}`} description={intro} />
      <Paper withBorder p="lg">
        <Text fw={600} mb="xs">
          Coming soon
        </Text>
        <List spacing={4} c="dimmed">
          {coming.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
};
