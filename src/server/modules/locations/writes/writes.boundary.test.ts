// Places are written in one module (writes/, docs/architecture.md, Conventions): this fails when
// code elsewhere writes locations, location_slugs, location_tags or the open intervals, so no new
// path can skip slugs, tag text, open intervals or revisions.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../../..');
const WRITES = join(import.meta.dirname);

/** Writers outside writes/ that are allowed, and why. */
const ALLOWED: Record<string, string> = {
  // Counting a page view touches only the view counter, never a field a person edits.
  'modules/engagement/engagement.repository.ts': 'view counter',
  // Loading the bundled sample places at start-up (decision 0003), before anyone can edit.
  'db/seed.ts': 'sample data',
};

const WRITE = [
  /\.(insert|update|delete)\(\s*(locations|locationSlugs|locationTags|locationOpenIntervals)\b/,
  /\b(insert\s+into|update|delete\s+from)\s+(locations|location_slugs|location_tags|location_open_intervals)\b/i,
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('the write boundary for places', () => {
  it('finds no write of the place tables outside locations/writes', () => {
    const offenders = files(SERVER)
      .filter((f) => !f.startsWith(WRITES))
      .filter((f) => !(relative(SERVER, f) in ALLOWED))
      .filter((f) => WRITE.some((re) => re.test(readFileSync(f, 'utf8'))))
      .map((f) => relative(SERVER, f));
    expect(offenders).toEqual([]);
  });

  it('recognises a write when it sees one', () => {
    expect(WRITE.some((re) => re.test('await tx.update(locations).set({ name })'))).toBe(true);
    expect(WRITE.some((re) => re.test('sql`update locations l set tag_text = 1`'))).toBe(true);
    expect(WRITE.some((re) => re.test('await tx.select().from(locations)'))).toBe(false);
  });
});
