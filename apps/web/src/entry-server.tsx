import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { routes, serverRenderedPaths } from './app/routes';
import { serverStateElementId } from './app/server-state';
import { setupStatusKey } from './app/setup-gate';
import { setTransport, type Transport } from './kit/api';

/**
 * The public pages drawn on the server (Vite's SSR build of this file, loaded by the API server):
 * the same components as in the browser, with the data they ask for fetched first, so the first
 * HTML holds the jobs, the job, the company. The browser hydrates it with the same data.
 */

// Each page drawn answers its calls with its own visitor's cookies, however many are drawn at once.
const requests = new AsyncLocalStorage<Transport>();
const current = () => {
  const found = requests.getStore();
  if (!found) throw new Error('A call was made outside a page being drawn');
  return found;
};
setTransport({ fetch: (url, init) => current().fetch(url, init), cookie: () => current().cookie() });

export const isServerRendered = (pathname: string) => serverRenderedPaths.some((pattern) => matchPath(pattern, pathname));

// A page's data may lead to more (a job, then its company): drawn again until nothing new is asked, within reason.
const maxPasses = 5;

const waiting = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && query.options.queryFn);

export type DrawnPage =
  | {
      /** The markup for the #root element. */
      html: string;
      /** The <script> element carrying the data, for the end of the body. */
      stateTag: string;
    }
  | {
      /** Where the visitor belongs instead: a fresh installation leads every page to /setup. */
      redirect: string;
    };

const needsSetup = (queryClient: QueryClient) => queryClient.getQueryData<{ needsSetup: boolean }>(setupStatusKey)?.needsSetup === true;

/** Draws a public page: its markup and the data it was drawn from. Null for a path the server does not draw. */
export const renderPage = async (input: { url: string; transport: Transport }): Promise<DrawnPage | null> => {
  const url = new URL(input.url, 'http://localhost');
  if (!isServerRendered(url.pathname)) return null;
  return requests.run(input.transport, async () => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    // Failures are not retried on the server: the browser asks again after hydrating.
    const queryClient = createQueryClient();
    // The page is drawn once, from data just loaded: a query counted stale would draw itself as
    // fetching (its list marked aria-busy) for a fetch that never comes until the visitor acts.
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retry: false, staleTime: Number.POSITIVE_INFINITY },
    });
    const draw = () =>
      renderToString(
        <StrictMode>
          <Providers queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </StrictMode>,
      );
    let html = draw();
    for (let pass = 1; pass < maxPasses; pass++) {
      const queries = waiting(queryClient);
      if (queries.length === 0) break;
      await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
      // What the setup gate would do in the browser (a <Navigate>, which cannot act in a drawing), said as a redirect.
      if (needsSetup(queryClient)) {
        queryClient.clear();
        return { redirect: '/setup' };
      }
      html = draw();
    }
    const state = JSON.stringify(dehydrate(queryClient)).replace(/</g, '\\u003c');
    queryClient.clear();
    return { html, stateTag: `<script type="application/json" id="${serverStateElementId}">${state}</script>` };
  });
};
