import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient, forgetSessionOnUnauthorized, Providers } from './app/providers';
import { routes } from './app/routes';
import { serverStateElementId } from './app/server-state';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
forgetSessionOnUnauthorized(queryClient);
const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

// A page the server drew comes with the data it drew from: the same data makes the same markup, which React adopts.
const serverState = document.getElementById(serverStateElementId);
if (serverState?.textContent) {
  hydrate(queryClient, JSON.parse(serverState.textContent));
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
