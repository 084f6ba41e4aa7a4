import { Center, Loader } from '@mantine/core';

export const FullPageLoader = () => (
  <Center h="100vh" aria-busy="true">
    <Loader role="progressbar" aria-label="Loading" />
  </Center>
);
