// `npm start`'s first step: builds the web app only when what it is built from changed since the last
// build (the record `npm run build` writes at its end), so a restart serves in seconds instead of after a minute of building. `npm run build` always
// builds (and so refreshes the record below).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What the web build reads from the repository: its own sources, the contract and documents it imports, and the lock file. */
export const webBuildInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/documents/src',
  'packages/documents/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Where the last build's inputs are recorded: beside the server-rendering build, which is not served to browsers. */
export const buildRecordPath = (root) => path.join(root, 'apps/web/dist-ssr/build-inputs.sha256');

const filesUnder = (full) => {
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => filesUnder(path.join(full, entry.name)));
};

/** One digest of every input file's path and content: equal digests, equal builds. */
export const inputsDigest = (root, inputs = webBuildInputs) => {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => filesUnder(path.join(root, input))).sort();
  for (const file of files) {
    hash.update(path.relative(root, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
};

/** Whether the build on disk is complete and was made from exactly these inputs. */
export const buildIsCurrent = (root, inputs = webBuildInputs) => {
  const record = buildRecordPath(root);
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) || !fs.existsSync(record)) return false;
  return fs.readFileSync(record, 'utf8').trim() === inputsDigest(root, inputs);
};

export const recordBuild = (root, inputs = webBuildInputs) => {
  fs.mkdirSync(path.dirname(buildRecordPath(root)), { recursive: true });
  fs.writeFileSync(buildRecordPath(root), `${inputsDigest(root, inputs)}\n`);
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--record')) {
    // The last step of `npm run build`: a failed build never gets here, and vite empties dist-ssr first.
    recordBuild(repoRoot);
  } else if (buildIsCurrent(repoRoot)) {
    console.log('The web build is up to date with its sources and the lock file: reused (`npm run build` forces a new one).');
  } else {
    const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
    process.exit(built.status ?? 1);
  }
}
