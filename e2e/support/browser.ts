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
 * <html>). Its code starts when the visitor first moves, touches or types, so `goto` moves the
 * pointer as a person's hand would, then waits for the page to answer.
 * Pages without the app (articles, cards, a context with scripts off) are ready when loaded.
 */
const waitForAppOnGoto = (page: Page, scriptsOn: boolean) => {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (scriptsOn && (await page.evaluate(() => Boolean(document.getElementById('start-chunks'))))) {
      await page.mouse.move(2, 2);
      await page.mouse.move(3, 3);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 20_000 });
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
