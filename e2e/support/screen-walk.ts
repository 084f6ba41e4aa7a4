import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA: what the product promises. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** A screen fails on these; moderate and minor findings are printed by axe's own report only when asked. */
const failing = new Set(['serious', 'critical']);

export type Screen = {
  /** The address, or how to find it on the screen before (a link's address starting with `linkFrom`). */
  path: string | { linkFrom: string; startsWith: string; not?: RegExp } | { clickFrom: string; button: RegExp };
  /** Calls this screen makes knowing they may fail (a made-up reset token): `${method} ${status} ${path part}`. */
  expectedFailures?: RegExp;
};

/**
 * Buttons that open a form or a question in a dialog. Nothing else is pressed: a button that acts at
 * once (Remove, Mark done, Verify) would change the world the other users walk. A delete asks first
 * and is answered Cancel.
 */
const opensDialog = /^(Add|New|Log|Edit|Import|Delete|Ask the client|Record feedback|Give feedback)\b/;
/** What a read-only user must not be offered (their own profile aside). */
const changes = /^(Add|New|Log|Edit|Import|Delete|Remove|Merge|Assign|Give|Upload|Ask|Record|Share|Remind)\b/;

export type WalkReport = { problems: string[]; axeFindings: string[]; axeRuns: number };

export type Walker = {
  who: string;
  viewport: 'desktop' | 'phone';
  /** axe checks each distinct screen (its address and shape) once, whoever walks it first. */
  axe: boolean;
  /** A button that changes something is a finding. */
  readOnly?: boolean;
  /** Only the screens this user's menu offers (and `always`): false for a user whose area has no menu. */
  byMenu?: boolean;
};

/** Screens every signed-in user reaches whatever their menu: their own profile, the area's home. */
const always = /\/(profile|account)$|^\/(crm|admin|seeker|client|company\/jobs)$/;

/** Pages the server writes whole, without the app (articles, business cards): reached by loading them. */
const serverPages = /^\/(articles|card)(\/|$|\?)/;

/** A signed-in area's menu: its sections' links. */
const menu = 'nav[aria-label$=" sections"] a[href]';

/** Screens checked by axe, by address and shape, across every walker: the same DOM is checked once. */
const checked = new Set<string>();

const shapeOf = (page: Page, within: string) =>
  page.evaluate((selector) => {
    const roots = Array.from(document.querySelectorAll(selector));
    let text = '';
    for (const root of roots) {
      for (const element of Array.from(root.querySelectorAll('*'))) {
        text += `${element.tagName}${element.getAttribute('role') ?? ''}${element.getAttribute('type') ?? ''}${element.getAttribute('class') ?? ''};`;
      }
    }
    let hash = 0;
    for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
    return `${roots.length}:${hash}`;
  }, within);

/** Every screen of one user at one size: no error boundary, no console error, no uncaught error, no failed call it did not expect. */
export const walkScreens = async (input: { page: Page; walker: Walker; screens: Screen[]; report: WalkReport }) => {
  const { page, walker, screens, report } = input;
  const { who, viewport } = walker;
  let here = '';
  let expected: RegExp | undefined;
  const problem = (text: string) => {
    console.log(`${who} (${viewport}) ${here}: ${text}`);
    if (process.env.WALK_TRACE) fs.appendFileSync(process.env.WALK_TRACE, `PROBLEM ${who} (${viewport}) ${here}: ${text}\n`);
    report.problems.push(`${who} (${viewport}) ${here}: ${text}`);
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problem(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problem(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') || response.status() < 400) return;
    const call = `${response.request().method()} ${response.status()} ${url.pathname}${url.search}`;
    if (!expected?.test(call)) problem(`failed call ${call}`);
  });

  /** React Router's own page for an error no screen caught: the whole app replaced by it. */
  const crash = page.getByText('Unexpected Application Error');

  const settle = async () => {
    await page.locator('h1').first().or(crash).first().waitFor();
    // A few screens keep a loader (a preview being drawn): those are checked as they are.
    await page
      .locator('.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]')
      .first()
      .waitFor({ state: 'hidden', timeout: 4_000 })
      .catch(() => undefined);
    if ((await crash.count()) > 0) {
      // Its message is the heading under "Unexpected Application Error!".
      problem(`error boundary: ${await page.locator('h3').first().textContent()}`);
      // The app is gone with it (its menu too): the walk goes on from the area's home, loaded afresh.
      await page.goto(new URL(page.url()).pathname.split('/').slice(0, 2).join('/') || '/');
      await page.locator('h1').first().waitFor();
      return false;
    }
    return true;
  };

  const axe = async (what: string, within?: string) => {
    if (!walker.axe) return;
    // A dialog is the same wherever it opens (a delete's question, a form for add and edit): its shape alone
    // names it. A screen is checked again for a user who sees it otherwise (fewer buttons); a tab once.
    const where = what.replace(/[0-9a-f]{24}/g, ':id');
    const key = within
      ? `dialog ${await shapeOf(page, within)}`
      : where.includes(' tab]')
        ? where
        : `${where} ${await shapeOf(page, 'body')}`;
    if (checked.has(key)) return;
    checked.add(key);
    report.axeRuns += 1;
    const started = Date.now();
    // Nothing mid-fade: a dropdown's option (a select's, ids like #_r_2qv_) caught in its 150 ms fade on a
    // loaded machine is drawn half transparent, and axe counts that against its contrast. A spinner's
    // endless animation is no fade to wait for.
    await page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            .every(
              (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
            ),
        null,
        { timeout: 1_000 },
      )
      .catch(() => undefined);
    const builder = new AxeBuilder({ page }).withTags(wcagTags);
    if (within) builder.include(within);
    // A drawn PDF shows in the browser's own viewer (its markup is Chromium's, not the product's).
    const result = await builder.exclude('iframe[src^="blob:"]').analyze();
    trace(`axe ${what}`, started);
    for (const violation of result.violations) {
      if (!failing.has(violation.impact ?? '')) continue;
      const targets = violation.nodes.map((node) => node.target.join(' '));
      console.log(`${who} ${what}: ${violation.id} (${violation.impact}) ${targets.join(' | ')}`);
      report.axeFindings.push(
        `${who} ${what}: ${violation.id} (${violation.impact}) ${violation.help}\n    ${targets.slice(0, 8).join('\n    ')}`,
      );
    }
  };

  /** The visible buttons whose name matches, by their place among those matching and their name. */
  const visibleButtons = async (pattern: RegExp, scope = 'main') => {
    const matching = page.locator(scope).getByRole('button', { name: pattern });
    const found: { index: number; name: string }[] = [];
    for (const [index, button] of (await matching.all()).entries()) {
      if (!(await button.isVisible())) continue;
      const name = ((await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '').trim();
      found.push({ index, name });
    }
    return { matching, found };
  };

  const noChanges = async (what: string) => {
    if (!walker.readOnly || always.test(new URL(page.url()).pathname)) return;
    const { found } = await visibleButtons(changes);
    if (found.length > 0) problem(`${what} offers a read-only user: ${found.map(({ name }) => name).join(', ')}`);
  };

  /** Opens each kind of dialog the visible buttons offer (one Edit, one Delete), checks it and closes it unsent. */
  const dialogs = async (what: string, scope?: string) => {
    const seen = new Set<string>();
    const path = new URL(page.url()).pathname;
    const { matching, found } = await visibleButtons(opensDialog, scope);
    for (const { index, name } of found) {
      const kind = /^(Edit|Delete)\b/.test(name) ? (name.split(' ')[0] ?? name) : name;
      if (seen.has(kind)) continue;
      seen.add(kind);
      const button = matching.nth(index);
      if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
      // A form's own submit (a quick add beside a list) acts at once: it opens nothing to wait for.
      if ((await button.getAttribute('type')) === 'submit') continue;
      await button.click();
      const dialog = page.getByRole('dialog').last();
      const opened = await Promise.race([
        dialog.waitFor({ timeout: 5_000 }).then(() => 'dialog' as const),
        page.waitForURL((url) => url.pathname !== path, { timeout: 5_000 }).then(() => 'page' as const),
      ]).catch(() => 'nothing' as const);
      if (opened === 'page') {
        // A button that leads to a screen of its own (an article's editor): walked as a screen elsewhere.
        await settle();
        await page.goBack();
        await settle();
        continue;
      }
      if (opened === 'nothing') {
        if (/^Delete\b/.test(name)) problem(`${what}: "${name}" did not ask first`);
        continue;
      }
      // The dialog's opening transition done, so axe sees it as a person does.
      await page.waitForFunction(
        () => Array.from(document.querySelectorAll('[role="dialog"]')).every((d) => getComputedStyle(d).opacity === '1'),
        null,
        { timeout: 5_000 },
      );
      await settle();
      await axe(`${what} (${kind} dialog)`, '[role="dialog"]');
      const cancel = dialog.getByRole('button', { name: /^Cancel$/ });
      if (/^Delete\b/.test(name) && (await cancel.count()) > 0) await cancel.first().click();
      else await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 5_000 }).catch(async () => {
        problem(`${what}: the ${kind} dialog did not close with Escape or Cancel`);
        await page.goto(path);
        await settle();
      });
    }
  };

  /** A screen, then each of its tabs: each checked, each one's dialogs opened. */
  const everything = async (what: string) => {
    await axe(what);
    await noChanges(what);
    await dialogs(what);
    const tabs = page.locator('main').getByRole('tab');
    const names = await tabs.allInnerTexts();
    for (const [index, name] of names.entries()) {
      if (index === 0) continue;
      await tabs.nth(index).click();
      await tabs.nth(index).and(page.locator('[aria-selected="true"]')).or(crash).first().waitFor();
      // A tab that crashes takes the page, and the tabs after it, with it.
      if (!(await settle())) return;
      await axe(`${what} [${name} tab]`);
      await noChanges(`${what} [${name} tab]`);
      await dialogs(`${what} [${name} tab]`, 'main [role="tabpanel"]:visible');
    }
  };

  /**
   * Opens a screen. The first is loaded from the address bar; the rest are reached inside the app, as
   * a person's clicks reach them (a reload per screen costs the walk more than the screens do).
   */
  let loaded = false;
  const open = async (path: string) => {
    const inApp = await page.evaluate(() => document.documentElement.dataset.ready === 'true');
    if (!loaded || !inApp || serverPages.test(path) || new URL(path, page.url()).pathname === new URL(page.url()).pathname) {
      await page.goto(path);
      loaded = true;
      return;
    }
    // The router's own entry (its key and index), so it takes the step as one of its own. The headings
    // there now are marked, so the new screen is known by a heading of its own.
    await page.evaluate((to) => {
      for (const heading of Array.from(document.querySelectorAll('h1'))) heading.dataset.walkLeft = 'true';
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, path);
    // The same screen with another record keeps its heading: after a while it is taken as drawn.
    await page
      .locator('h1:not([data-walk-left])')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
  };

  // WALK_TRACE=<file> notes how long each screen took, to see where the walk's time goes.
  const trace = (what: string, since: number) => {
    if (process.env.WALK_TRACE) fs.appendFileSync(process.env.WALK_TRACE, `${Date.now() - since} ms ${who} (${viewport}) ${what}\n`);
  };

  const inMenu = async (path: string) => {
    if (!walker.byMenu || always.test(path)) return true;
    await page.locator(menu).first().waitFor({ state: 'attached' });
    const offered = await page
      .locator(menu)
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    return offered.includes(path);
  };

  for (const screen of screens) {
    expected = screen.expectedFailures;
    let path: string;
    if (typeof screen.path === 'string') {
      if (!(await inMenu(screen.path.split('?')[0] ?? ''))) continue;
      path = screen.path;
    } else if ('clickFrom' in screen.path) {
      const { clickFrom, button } = screen.path;
      if (!(await inMenu(clickFrom))) continue;
      here = clickFrom;
      await open(clickFrom);
      await settle();
      await page.getByRole('button', { name: button }).first().click();
      await page.waitForURL((url) => url.pathname !== clickFrom);
      path = new URL(page.url()).pathname;
    } else {
      const { linkFrom, startsWith, not } = screen.path;
      if (!(await inMenu(linkFrom))) continue;
      here = linkFrom;
      await open(linkFrom);
      await settle();
      const hrefs = await page
        .locator(`a[href^="${startsWith}"]`)
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      const found = hrefs.find((href) => href.length > startsWith.length && !not?.test(href));
      // A user whose scope shows them none (a team lead and the admin's clients) has no such record to open.
      if (!found) {
        trace(`no link to ${startsWith}… on ${linkFrom}`, Date.now());
        continue;
      }
      path = found;
    }
    here = path;
    const started = Date.now();
    await open(path);
    if (await settle()) await everything(path);
    trace(path, started);
  }
};
