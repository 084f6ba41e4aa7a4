import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceRoot = path.resolve(import.meta.dirname, '../src');

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

/** Every relative import of each file (types too: a cycle of types still ties the files together). */
const importGraph = () => {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(sourceRoot)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const base = path.resolve(path.dirname(file), match[1] as string);
      const found = [`${base}.ts`, path.join(base, 'index.ts'), base].find(
        (candidate) => fs.existsSync(candidate) && candidate.endsWith('.ts'),
      );
      if (found) targets.push(found);
    }
    graph.set(file, targets);
  }
  return graph;
};

/** The strongly connected components with more than one file (Tarjan): each is at least one cycle. */
const cyclesOf = (graph: Map<string, string[]>) => {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(path.relative(sourceRoot, member));
      } while (member !== file);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return components;
};

describe("the server's imports", () => {
  it('form no cycle', () => {
    expect(cyclesOf(importGraph())).toEqual([]);
  });

  it('go downwards: db, services and the engine import no area', () => {
    const lower = ['db', 'services', 'engine'];
    const upward = [...importGraph()].flatMap(([file, targets]) => {
      const from = path.relative(sourceRoot, file);
      if (!lower.includes(from.split(path.sep)[0] as string)) return [];
      return targets
        .map((target) => path.relative(sourceRoot, target))
        .filter((to) => to.startsWith(`areas${path.sep}`))
        .map((to) => `${from} -> ${to}`);
    });
    expect(upward).toEqual([]);
  });
});
