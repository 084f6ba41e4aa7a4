import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveColumns } from '../src/kit/derive-columns';
import { deriveFields, deriveFilters } from '../src/kit/derive-fields';
import { isScreenTailoring } from '../src/kit/screen-tailoring';
import { tailor } from '../src/kit/tailor';

// Every module under src that draws a ResourceScreen: each draws it from a screen tailoring it exports.
const modules = import.meta.glob<Record<string, unknown>>('../src/**/*.{ts,tsx}');
const sourceOf = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const screenModules = Object.keys(modules).filter((path) => !path.includes('/kit/') && sourceOf(path).includes('<ResourceScreen'));
const tailoringModules = Object.keys(modules).filter((path) => /export const \w+ = screenTailoring\(/.test(sourceOf(path)));

describe('every screen’s tailoring names only fields, columns and filters its definition has', () => {
  it('finds the screens', () => {
    expect(screenModules.length).toBeGreaterThan(20);
  });

  it.each(screenModules)('%s draws each ResourceScreen from an exported screen tailoring', (path) => {
    const source = sourceOf(path);
    const drawn = source.match(/<ResourceScreen\b/g)?.length ?? 0;
    // The tailoring comes first, spread, so no key of it is written where the test cannot see it.
    expect(source.match(/<ResourceScreen\s+\{\.\.\.\w+\}/g)?.length ?? 0).toBe(drawn);
    expect(source).not.toMatch(/<ResourceScreen[\s\S]*?\n\s+(columns|fields|filters)=\{/);
  });

  it.each(tailoringModules)('%s', async (path) => {
    const exported = Object.entries(await (modules[path] as () => Promise<Record<string, unknown>>)()).filter(([, value]) =>
      isScreenTailoring(value),
    );
    expect(exported.length).toBeGreaterThan(0);
    for (const [, screen] of exported) {
      if (!isScreenTailoring(screen)) continue;
      // `tailor` throws on a key that matches nothing, naming it: the same call the screen makes when drawn.
      tailor(deriveColumns(screen.resource), (column) => column.key, screen.columns);
      tailor(deriveFields(screen.resource), (field) => field.name, screen.fields);
      tailor(deriveFilters(screen.resource), (filter) => filter.key, screen.filters);
    }
  });

  it('fails on a key that matches nothing', () => {
    expect(() => tailor([{ key: 'title' }], (column) => column.key, { pick: ['title', 'dueDate'] })).toThrow(
      'No field or column dueDate to tailor',
    );
  });
});
