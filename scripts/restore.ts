// npm run restore -- <file> [--force]: a snapshot from npm run backup back into DATA_DIR or the
// database of DATABASE_URL (decision 0510); a target holding a database is refused unless --force,
// which keeps the old one. Migrations newer than the snapshot apply at the next npm start.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_BACKUP_DIR } from '../src/server/db/backup.js';
import { BackupError } from '../src/server/db/backup-error.js';
import { restoreDataDir, restorePostgres, snapshotKindOf } from '../src/server/db/restore.js';
import { readEnv } from '../src/server/env.js';

const USAGE = 'Usage: npm run restore -- <file> [--force]';
const root = path.resolve(import.meta.dirname, '..');
// As npm start: settings from a .env file beside package.json; the real environment wins.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const file = path.resolve(files[0]!);
  // No page is served here: production's PUBLIC_URL requirement does not apply to this command.
  const env = readEnv({ ...process.env, NODE_ENV: 'development' });
  const kind = snapshotKindOf(file);
  if (kind === 'pglite' && env.DATABASE_URL) {
    throw new BackupError(
      `${file} is a snapshot of the embedded database, and DATABASE_URL is set: unset DATABASE_URL to restore it into DATA_DIR.`,
    );
  }
  if (kind === 'postgres' && !env.DATABASE_URL) {
    throw new BackupError(`${file} is a PostgreSQL dump: set DATABASE_URL to the (empty) database to restore it into.`);
  }
  const r =
    kind === 'pglite'
      ? await restoreDataDir(file, env.DATA_DIR, { force })
      : await restorePostgres(file, env.DATABASE_URL!, { force, backupDir: env.BACKUP_DIR ?? DEFAULT_BACKUP_DIR });
  const places = r.places === null ? '' : ` (${r.places} places)`;
  console.log(`Restored ${file} into ${r.target}${places}.`);
  if (r.keptAt) console.log(`The database that was there before is kept at ${r.keptAt}.`);
  console.log('Start the server with npm start: migrations newer than the snapshot apply then.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    // What the operator can act on alone; a stack only for what would be our own mistake.
    const known = err instanceof BackupError || typeof (err as NodeJS.ErrnoException).code === 'string';
    console.error(`Restore failed: ${known ? err.message : (err.stack ?? err)}`);
    process.exit(1);
  },
);
