import { login } from '@app/contract/resources/auth';
import { organisation } from '@app/contract/resources/organisation';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { httpApi } from './http-api';
import { startServer, type TestServer } from './server';
import { signIn } from './steps';

type ServerOptions = Parameters<typeof startServer>[0];

export type ServerAndBrowser = { server: TestServer; browser: Browser; stop: () => Promise<void> };

/** A server of its own and Chromium, for a file's `before`; `stop` (its `after`) closes both. A browser that fails to start stops the server. */
export const startServerAndBrowser = async (options: ServerOptions = {}): Promise<ServerAndBrowser> => {
  const server = await startServer(options);
  const browser = await launchBrowser().catch(async (error) => {
    await server.stop();
    throw error;
  });
  return {
    server,
    browser,
    stop: async () => {
      await browser.close();
      await server.stop();
    },
  };
};

/** One journey with a server and Chromium of its own, both stopped however it ends. */
export const withServerAndBrowser = async (
  run: (world: { server: TestServer; browser: Browser }) => Promise<void>,
  options: ServerOptions = {},
) => {
  const world = await startServerAndBrowser(options);
  try {
    await run(world);
  } finally {
    await world.stop();
  }
};

/** A page in a context of its own (its own cookies), with the journeys' patience for slow screens. */
export const openPage = async (input: { browser: Browser; server: TestServer; context?: BrowserContextOptions }): Promise<Page> => {
  const context = await input.browser.newContext({ viewport: { width: 1280, height: 900 }, ...input.context, baseURL: input.server.url });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
};

/** A page signed in as this person, once they have landed in their area (`landing`, for example `/crm`). */
export const signedInPage = async (input: {
  browser: Browser;
  server: TestServer;
  email: string;
  password: string;
  landing: string;
  context?: BrowserContextOptions;
}): Promise<Page> => {
  const page = await openPage(input);
  await signIn(page, input.email, input.password);
  await page.waitForURL(`**${input.landing}`);
  return page;
};

export type Agency = {
  name: string;
  email: string;
  phoneNumber: string;
  admin: { email: string; password: string; phone: string; first: string; last: string };
};

/** An agency made by the platform admin through the API, with its first admin; answers that admin's token. */
export const createAgency = async (server: TestServer, agency: Agency) => {
  const { api } = httpApi(server.url);
  const root = (await api(login, server.superAdmin)).token as string;
  const { admin } = agency;
  await api(
    organisation.calls.create!,
    {
      name: agency.name,
      email: agency.email,
      phoneNumber: agency.phoneNumber,
      adminUser: { email: admin.email, phone: admin.phone, passwordHash: admin.password, name: { first: admin.first, last: admin.last } },
    },
    root,
  );
  return (await api(login, { email: admin.email, password: admin.password })).token as string;
};

export type AgencyWorld = ServerAndBrowser & { token: string; page: Page };

/** A CRM journey's start: a server and Chromium, an agency made through the API, and its admin signed in on a page. */
export const startAgencyWorld = async (input: { agency: Agency; context?: BrowserContextOptions }): Promise<AgencyWorld> => {
  const world = await startServerAndBrowser();
  try {
    const token = await createAgency(world.server, input.agency);
    const page = await signedInPage({
      ...world,
      ...input.agency.admin,
      landing: '/crm',
      context: { viewport: { width: 1280, height: 1000 }, ...input.context },
    });
    return { ...world, token, page };
  } catch (error) {
    await world.stop();
    throw error;
  }
};
