import { Center, Loader } from '@mantine/core';

export const FullPageLoader = () => (
  <Center h="100vh" aria-busy="true">
    <Loader aria-label="Loading" />
  </Center>
);
