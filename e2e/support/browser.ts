import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';
export const noChromium = `Chromium not found at ${chromiumPath}: browser journeys skipped`;

/** Whether journeys can run here; says so once when they cannot. */
export const hasChromium = () => {
  const found = fs.existsSync(chromiumPath);
  if (!found) console.log(noChromium);
  return found;
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
