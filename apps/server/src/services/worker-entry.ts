import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type WorkerEntry = { source: string | URL; eval: boolean };

/**
 * How to start a worker thread whose code is the module `name` beside the caller (`from`, the caller's
 * import.meta.url). The server runs TypeScript through tsx, whose loader on Node 20 registers itself on
 * the main thread only, so a TypeScript worker starts from a line of JavaScript that registers tsx's
 * loader in the worker and then imports `name.ts` (this works under vitest too). Built to JavaScript,
 * `name.js` is started directly.
 */
export const workerEntry = (from: string, name: string): WorkerEntry => {
  if (!from.endsWith('.ts')) return { source: new URL(`./${name}.js`, from), eval: false };
  const require = createRequire(from);
  const tsxPackage = require.resolve('tsx/package.json');
  const exported = (require(tsxPackage) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api'].import
    .default;
  const api = pathToFileURL(path.join(path.dirname(tsxPackage), exported)).href;
  const worker = new URL(`./${name}.ts`, from).href;
  return {
    source: `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); })`,
    eval: true,
  };
};
