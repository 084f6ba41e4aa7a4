// The styles come with the first HTML (the server-drawn page needs them before any script runs).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { serverStateElementId } from './app/server-state';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/**
 * What a person does on the server-drawn page before its code has run is kept and done again once
 * the page is interactive (see the end of `start`):
 * - a tap: a link, or a form that says where it goes, works without code and is left alone;
 * - text typed into a field, which hydration would otherwise put back to what the server drew;
 * - a form sent that has no address of its own (it would reload the page with its fields in the address).
 * Each is kept from React too: it listens on the root from the moment hydration begins, a while
 * before the page is its own, and a submit it heard then would go with the state the server drew
 * (no words typed), and the replay would repeat a tap it had already handled.
 */
const earlyClicks: Element[] = [];
const keepEarlyClick = (event: MouseEvent) => {
  const target = event.target;
  if (!(target instanceof Element) || target.closest('a[href], button[type="submit"], input[type="submit"]')) return;
  event.stopPropagation();
  earlyClicks.push(target);
};
const earlyText = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
const keepEarlyText = (event: Event) => {
  const field = event.target;
  const typed = field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !/^(checkbox|radio|file)$/.test(field.type));
  if (!typed) return;
  event.stopPropagation();
  earlyText.set(field, field.value);
};
const earlySubmits = new Map<HTMLFormElement, HTMLElement | null>();
const keepEarlySubmit = (event: SubmitEvent) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
  event.preventDefault();
  event.stopPropagation();
  earlySubmits.set(form, event.submitter);
};
document.addEventListener('click', keepEarlyClick, true);
document.addEventListener('input', keepEarlyText, true);
document.addEventListener('submit', keepEarlySubmit, true);

/** Types `text` into a field as a person would, so the component that owns it hears of it. */
const retype = (field: HTMLInputElement | HTMLTextAreaElement, text: string) => {
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!setValue) return;
  // React hears only a value that differs from the one it last saw: through empty, then the text.
  for (const value of field.value === text ? ['', text] : [text]) {
    setValue.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
};

const replayEarlyActions = async () => {
  document.removeEventListener('click', keepEarlyClick, true);
  document.removeEventListener('input', keepEarlyText, true);
  document.removeEventListener('submit', keepEarlySubmit, true);
  for (const [field, text] of earlyText) if (field.isConnected) retype(field, text);
  earlyText.clear();
  // React renders what was typed a moment later; a submit sent before that would carry the old state.
  await nextTask();
  for (const target of earlyClicks.splice(0)) {
    if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  }
  for (const [form, submitter] of earlySubmits) {
    if (form.isConnected) form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
  }
  earlySubmits.clear();
};

/**
 * A page the server drew can be read, and its links followed, with no script at all. Its code is
 * fetched and run when the visitor first shows they mean to act on it (a touch, a key, the pointer
 * moving, a field focused), not while they are still reading: on a slow phone that work would
 * otherwise hold the main thread just as the page appears. Screens drawn in the browser start at once.
 */
const intentions = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;
const firstIntention = () =>
  new Promise<void>((resolve) => {
    const go = () => {
      for (const type of intentions) window.removeEventListener(type, go, true);
      resolve();
    };
    for (const type of intentions) window.addEventListener(type, go, { capture: true, passive: true });
  });

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
  if (document.getElementById(serverStateElementId)) await firstIntention();
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
    void replayEarlyActions().then(() => {
      // For whoever drives the page (assistive tools, browser tests): it now answers.
      document.documentElement.dataset.ready = 'true';
    });
  });
};

void start();
