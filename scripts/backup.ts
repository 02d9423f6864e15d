// npm run backup [-- <file or folder>]: a consistent snapshot of the database the server uses,
// while it runs (decisions 0509-0511), into BACKUP_DIR (./backups) unless a file is given. Run with
// tsx, as the other operator commands: no build step, and it runs the sources it ships with.
import fs from 'node:fs';
import path from 'node:path';
import { backupDataDir } from '../src/server/db/backup-control.js';
import { BackupError } from '../src/server/db/backup-error.js';
import { DEFAULT_BACKUP_DIR, formatBytes, snapshotFileName, writeSnapshot } from '../src/server/db/backup.js';
import { readEnv } from '../src/server/env.js';

const USAGE = 'Usage: npm run backup [-- <file or folder>]';
const root = path.resolve(import.meta.dirname, '..');
// As npm start: settings from a .env file beside package.json; the real environment wins.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
    console.error(USAGE);
    return 2;
  }
  // No page is served here: production's PUBLIC_URL requirement does not apply to this command.
  const env = readEnv({ ...process.env, NODE_ENV: 'development' });
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  const named = args[0];
  const dir = named ?? env.BACKUP_DIR ?? DEFAULT_BACKUP_DIR;
  const file =
    named && !(fs.existsSync(named) && fs.statSync(named).isDirectory())
      ? named
      : path.join(dir, snapshotFileName(kind));
  const written = env.DATABASE_URL
    ? await writeSnapshot({ kind: 'postgres', databaseUrl: env.DATABASE_URL }, file)
    : await backupDataDir(env.DATA_DIR, file);
  console.log(`Backup written to ${written.file}`);
  const held = written.heldMs === undefined ? '' : `; the database held other work back for ${written.heldMs} ms`;
  console.log(
    `${formatBytes(written.bytes)} in ${(written.ms / 1000).toFixed(1)} s${held}. Restore it with: npm run restore -- ${written.file}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    // What the operator can act on alone; a stack only for what would be our own mistake.
    const known = err instanceof BackupError || typeof (err as NodeJS.ErrnoException).code === 'string';
    console.error(`Backup failed: ${known ? err.message : (err.stack ?? err)}`);
    process.exit(1);
  },
);
