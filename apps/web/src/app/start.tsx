import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient, forgetSessionOnUnauthorized, Providers } from './providers';
import { routes } from './routes';
import { serverStateElementId } from './server-state';

/** Runs `onReady` once, after the first commit: the page the server drew is now React's. */
const WhenReady = ({ onReady }: { onReady: () => void }) => {
  useEffect(() => {
    onReady();
  }, [onReady]);
  return null;
};

/** Draws the app into `root`, or adopts the markup the server drew there; `onReady` once it is interactive. */
export const startApp = (root: HTMLElement, onReady: () => void = () => {}) => {
  let ready = false;
  const readyOnce = () => {
    if (ready) return;
    ready = true;
    onReady();
  };
  const queryClient = createQueryClient();
  forgetSessionOnUnauthorized(queryClient);
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
        <WhenReady onReady={readyOnce} />
      </Providers>
    </StrictMode>
  );

  // A page the server drew comes with the data it drew from: the same data makes the same markup, which React adopts.
  const serverState = document.getElementById(serverStateElementId);
  if (serverState?.textContent) {
    hydrate(queryClient, JSON.parse(serverState.textContent));
    // The data the page was drawn from counts as fresh for a while: fetching it again at once would
    // only redraw the same page.
    const hydratedAt = Date.now();
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({
      ...defaults,
      queries: { ...defaults.queries, staleTime: (query) => (query.state.dataUpdatedAt <= hydratedAt ? 30_000 : 0) },
    });
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread until the whole page is adopted: on a slow phone the page answers taps sooner.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
};
