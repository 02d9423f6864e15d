import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './db/migrate.js';
import { fromRoot, PROJECT_ROOT } from './paths.js';
import { SEED_DIR } from './seed-data.js';

describe('the project root', () => {
  it('is the folder of package.json, whose files the server reads', () => {
    expect(JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')).name).toBe(
      'kc-green-directory',
    );
    expect(fs.existsSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'))).toBe(true);
    expect(fs.readdirSync(SEED_DIR).length).toBeGreaterThan(0);
    expect(fs.existsSync(fromRoot('src/server/db/pglite-worker.mjs'))).toBe(true);
  });
});
