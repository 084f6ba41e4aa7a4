import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('migration journal', () => {
  it('numbers each migration in order, each with its SQL file', () => {
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, '0'))).toBe(true);
      expect(fs.existsSync(path.join(folder, `${entry.tag}.sql`)), entry.tag).toBe(true);
    });
  });

  // Drizzle applies to an existing database only the migrations dated after the newest one it has
  // applied; one dated earlier (0006 was dated ahead of its successors) would be skipped for good.
  it('dates the newest migration after every earlier one, so an existing database applies it', () => {
    const newest = journal.entries.at(-1) as { when: number; tag: string };
    for (const entry of journal.entries.slice(0, -1)) expect(newest.when, `${newest.tag} after ${entry.tag}`).toBeGreaterThan(entry.when);
  });
});
