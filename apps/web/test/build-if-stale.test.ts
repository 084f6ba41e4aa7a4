import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, recordBuild, webBuildInputs } from '../scripts/build-if-stale.mjs';

const made: string[] = [];

/** A repository-shaped folder with a finished web build and one source file. */
const workTree = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  made.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('apps/web/src/main.tsx', 'export const a = 1;\n');
  write('apps/web/src/node_modules/ignored.js', 'x');
  write('packages/contract/src/job.ts', 'export const job = 1;\n');
  write('package-lock.json', '{"lockfileVersion":3}\n');
  write('apps/web/dist/index.html', '<!doctype html>');
  return { root, write };
};

afterEach(() => {
  for (const root of made.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('npm start reuses the web build', () => {
  it('reads the web sources, the contract and the lock file', () => {
    expect(webBuildInputs).toEqual(expect.arrayContaining(['apps/web/src', 'packages/contract/src', 'package-lock.json']));
  });

  it('builds when no build was recorded, and reuses a recorded one while nothing changed', () => {
    const { root } = workTree();
    expect(buildIsCurrent(root)).toBe(false);
    recordBuild(root);
    expect(buildIsCurrent(root)).toBe(true);
  });

  it('builds again after a web source, a contract file or the lock file changed, or a file was added', () => {
    for (const change of ['apps/web/src/main.tsx', 'packages/contract/src/job.ts', 'package-lock.json', 'apps/web/src/new-page.tsx']) {
      const { root, write } = workTree();
      recordBuild(root);
      write(change, 'changed\n');
      expect(buildIsCurrent(root), change).toBe(false);
    }
  });

  it('builds again when the build itself is missing', () => {
    const { root } = workTree();
    recordBuild(root);
    fs.rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(buildIsCurrent(root)).toBe(false);
  });
});
