// The styles come with the first HTML (the server-drawn page needs them before any script runs).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/**
 * A tap on the server-drawn page before its code has run would do nothing: a link or a form's
 * submit button works without code and is left alone; any other tap is kept and made again once
 * the page is interactive (see `replayEarlyClicks` in `app/start.tsx`).
 */
const earlyClicks: Element[] = [];
const keepEarlyClick = (event: MouseEvent) => {
  const target = event.target;
  if (!(target instanceof Element) || target.closest('a[href], button[type="submit"], input[type="submit"]')) return;
  earlyClicks.push(target);
};
document.addEventListener('click', keepEarlyClick, true);

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const afterFirstPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Every file the steps below load (listed in the page at build time), fetched at once. */
const preloadStartChunks = () => {
  const listed = document.getElementById('start-chunks')?.textContent;
  for (const file of listed ? (JSON.parse(listed) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
};

/**
 * A page the server drew is painted before any script is fetched: on a slow phone its words show
 * first, and the code that makes it interactive follows. The libraries and screens then run one
 * at a time, each in a task of its own: run at once they hold a phone's main thread for over half
 * a second, and taps wait.
 */
const start = async () => {
  await afterFirstPaint();
  preloadStartChunks();
  await import('react-dom/client');
  await nextTask();
  // The contract's schemas are built as their modules run: a few at a time.
  for (const load of [
    () => import('@app/contract/conventions/common'),
    () => import('@app/contract/resources/auth'),
    () => import('@app/contract/resources/job-board/lookups'),
    () => import('@app/contract/resources/job-board/job'),
    () => import('@app/contract/resources/job-board/company'),
    () => import('@app/contract/resources/job-board/application'),
    () => import('@app/contract/resources/job-board/job-seeker'),
    () => import('@app/contract/resources/organisation-staff'),
    () => import('@app/contract/resources/content/article'),
    // Then the public screens, each with the components it needs.
    () => import('./app/providers'),
    () => import('./app/shells/public-shell'),
    () => import('./areas/public/landing-page'),
    () => import('./areas/jobs/job-search-page'),
    () => import('./areas/jobs/job-page'),
    () => import('./areas/companies/company-page'),
  ]) {
    await load();
    await nextTask();
  }
  const { startApp } = await import('./app/start');
  startApp(root, () => {
    document.removeEventListener('click', keepEarlyClick, true);
    for (const target of earlyClicks.splice(0)) {
      if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    }
    // For whoever drives the page (assistive tools, browser tests): it now answers.
    document.documentElement.dataset.ready = 'true';
  });
};

void start();
