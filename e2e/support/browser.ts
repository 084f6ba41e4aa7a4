import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';

/**
 * The `skip` option of a journey: false when Chromium is here. Without it a developer's run skips the
 * journey with a line saying why, but CI (CI=true) fails: a green CI must mean the journeys ran.
 */
export const skipWithoutChromium = (): string | false => {
  if (fs.existsSync(chromiumPath)) return false;
  if (process.env.CI) {
    throw new Error(`Chromium not found at ${chromiumPath}: CI runs the browser journeys (apt-get install -y chromium)`);
  }
  const reason = `Chromium not found at ${chromiumPath}: browser journeys skipped (apt-get install -y chromium)`;
  console.log(reason);
  return reason;
};

/**
 * A page the server drew answers clicks and keys only once the app has adopted it (`data-ready` on
 * <html>), a moment after it loads: `goto` waits for that, as a person would see the page respond.
 * Pages without the app (articles, cards, a context with scripts off) are ready when loaded.
 */
const waitForAppOnGoto = (page: Page, scriptsOn: boolean) => {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (scriptsOn) {
      await page.waitForFunction(
        () => document.documentElement.dataset.ready === 'true' || !document.getElementById('start-chunks'),
        null,
        {
          timeout: 20_000,
        },
      );
    }
    return response;
  };
  return page;
};

const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });

export const launchBrowser = async (): Promise<Browser> => {
  const browser = await launch();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context: BrowserContext = await newContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => waitForAppOnGoto(await newPage(), options?.javaScriptEnabled !== false);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => waitForAppOnGoto(await newPage(options), options?.javaScriptEnabled !== false);
  return browser;
};
