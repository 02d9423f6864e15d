// PostgreSQL's own client programs (pg_dump, pg_restore, psql) run for backups and restores of a
// DATABASE_URL database (decision 0510). They are found on PATH; the password never goes on a
// command line (where `ps` shows it to every user) but in PGPASSWORD.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError } from './backup-error.js';

export type PgTool = 'pg_dump' | 'pg_restore' | 'psql';

/** What to install when a tool is missing or too old for the server. */
function installHint(major: number | undefined): string {
  const version = major ? ` ${major} or newer` : '';
  const pkg = major ? `postgresql-client-${major}` : 'postgresql-client';
  return (
    `install the client programs of PostgreSQL${version} (Debian and Ubuntu: apt-get install ${pkg}; ` +
    'elsewhere the PostgreSQL package that holds pg_dump, pg_restore and psql) and put their folder on PATH (for example /usr/lib/postgresql/<version>/bin)'
  );
}

class PgToolMissingError extends BackupError {
  constructor(tool: PgTool, serverMajor: number | undefined) {
    super(
      `${tool} was not found on PATH. Backups and restores of a PostgreSQL database (DATABASE_URL) use PostgreSQL's ${tool}: ` +
        `${installHint(serverMajor)}.`,
    );
    this.name = 'PgToolMissingError';
  }
}

/** A libpq connection URI without its password, and the password apart (for PGPASSWORD). */
export function splitPassword(databaseUrl: string): { url: string; password?: string } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}

/** The environment a tool runs with: ours, plus the password of `databaseUrl` when it has one. */
export function toolEnv(databaseUrl: string | undefined): NodeJS.ProcessEnv {
  const env = { ...process.env };
  const password = databaseUrl ? splitPassword(databaseUrl).password : undefined;
  if (password !== undefined) env.PGPASSWORD = password;
  return env;
}

export interface ToolRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** What a tool that failed said, or how it ended when it said nothing (pg_restore can crash on a
 * damaged archive). */
export function failure(
  tool: PgTool,
  r: { code: number | null; signal?: NodeJS.Signals | null; stderr: string },
): string {
  return (
    r.stderr.trim() || (r.signal ? `${tool} stopped on signal ${r.signal}` : `${tool} ended with exit code ${r.code}`)
  );
}

/** Runs a tool to its end, keeping what it prints (stdout up to 1 MiB: the callers read short
 * answers only). A tool not on PATH rejects with PgToolMissingError. */
export function runTool(
  tool: PgTool,
  args: string[],
  opts: { databaseUrl?: string; serverMajor?: number } = {},
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: toolEnv(opts.databaseUrl), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      if (stdout.length < 1 << 20) stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new PgToolMissingError(tool, opts.serverMajor) : err),
    );
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The major version of a tool on PATH (`pg_dump --version` → "pg_dump (PostgreSQL) 15.20 …"). */
export async function toolMajor(tool: PgTool, serverMajor?: number): Promise<number> {
  const r = await runTool(tool, ['--version'], { serverMajor });
  const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(r.stdout)?.[1]);
  if (r.code !== 0 || !Number.isInteger(major))
    throw new BackupError(`${tool} --version did not answer: ${r.stderr.trim()}`);
  return major;
}

/** The server's major version (server_version_num 150020 → 15), with its own message when it
 * cannot be reached. */
async function serverMajor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const r = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    return Math.floor(Number(r.rows[0]!.v) / 10_000);
  } catch (err) {
    throw new BackupError(`Cannot reach the PostgreSQL database of DATABASE_URL: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Checks that `tool` is on PATH and can work with the server: pg_dump refuses a server newer than
 * itself, so a tool older than the server is refused here with what to install. Answers the
 * server's major version.
 */
export async function checkTool(tool: PgTool, databaseUrl: string): Promise<number> {
  // A missing tool is said first, whether or not the server answers (it names the version to
  // install when it does).
  const major = await toolMajor(tool).catch(async (err: Error) => {
    if (err instanceof PgToolMissingError)
      throw new PgToolMissingError(tool, await serverMajor(databaseUrl).catch(() => undefined));
    throw err;
  });
  const server = await serverMajor(databaseUrl);
  if (major < server) {
    throw new BackupError(
      `${tool} on PATH is version ${major}, older than the PostgreSQL ${server} server of DATABASE_URL, which it cannot ` +
        `${tool === 'pg_dump' ? 'dump' : 'serve'}: ${installHint(server)}.`,
    );
  }
  return server;
}
