import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

type LockedPackage = { version?: string; optional?: boolean; engines?: { node?: string } | string[] };
const manifest = readJson('package.json') as {
  devEngines: { runtime: { name: string; version: string } };
  devDependencies: { node: string };
};
const locked = (readJson('package-lock.json') as { packages: Record<string, LockedPackage> }).packages;

// npm runs on the machine's Node, checks every package's `engines` against it while it plans the
// install, and warns (EBADENGINE) on each it fails; optional packages it skips silently instead.
const machineNodes = manifest.devEngines.runtime.version.split('||').map((range) => semver.minVersion(range.trim())?.version ?? range);
const runtime = manifest.devDependencies.node;

describe('the install', () => {
  it('runs on the machine’s Node from the lowest release devEngines admits, and the project on the pinned runtime', () => {
    expect(manifest.devEngines.runtime.name).toBe('node');
    expect(machineNodes).toContain('20.19.0');
    expect(semver.satisfies(runtime, manifest.devEngines.runtime.version)).toBe(true);
  });

  it('has no package whose engines a Node admitted by devEngines fails, so npm install prints no engine warning', () => {
    const refused: string[] = [];
    for (const [where, entry] of Object.entries(locked)) {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!where || entry.optional || !wanted) continue;
      for (const node of [...machineNodes, runtime]) {
        if (!semver.satisfies(node, wanted, { includePrerelease: true }))
          refused.push(`${where}@${entry.version} needs Node ${wanted}, not ${node}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
