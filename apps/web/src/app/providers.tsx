import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError, setUnauthorizedHandler } from '../kit/api';
import { sessionKey } from '../kit/session';
import { cssVariablesResolver, theme } from './theme';

/** One per browser tab, and one per page the server draws (no data shared between visitors). */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will answer the same again; only network trouble and 5xx are worth a retry.
        retry: (count, error) => count < 2 && !(isApiError(error) && error.status > 0 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });

/** A 401 anywhere means the session is gone: forgetting it sends guarded screens to /login. */
export const forgetSessionOnUnauthorized = (queryClient: QueryClient) =>
  setUnauthorizedHandler(() => {
    if (queryClient.getQueryData(sessionKey)) queryClient.setQueryData(sessionKey, null);
  });

export const Providers = ({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
    <Notifications position="top-right" limit={4} />
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </MantineProvider>
);
