import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export const NotFoundPage = () => (
  <Center mih="70vh" px="md">
    <Stack align="center" gap="sm" ta="center">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The address may be mistyped, or the page has moved.</Text>
      <Button component={Link} to="/">
        Go to the home page
      </Button>
    </Stack>
  </Center>
);
