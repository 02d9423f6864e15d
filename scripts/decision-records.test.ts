// Decision records stay findable: each has its title, a Status line under it,
// and a row in docs/decisions/README.md; no two share a number.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = resolve(import.meta.dirname, '../docs/decisions');
const records = readdirSync(DIR).filter((f) => /^\d{4}-.+\.md$/.test(f));

describe('decision records', () => {
  it('each starts with "# NNNN: title" and a Status line', () => {
    for (const f of records) {
      const lines = readFileSync(join(DIR, f), 'utf8').split('\n');
      expect(lines[0], f).toMatch(new RegExp(`^# ${f.slice(0, 4)}: \\S`));
      expect(lines[2], f).toMatch(/^Status: (accepted|proposed|superseded|rejected)/);
    }
  });

  it('are listed in the index once each, and no two share a number', () => {
    const index = readFileSync(join(DIR, 'README.md'), 'utf8');
    for (const f of records) expect(index, f).toContain(`](${f})`);
    const numbers = records.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
