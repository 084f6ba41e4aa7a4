import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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

export const launchBrowser = (): Promise<Browser> =>
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
