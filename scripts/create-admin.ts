// npm run admin:create [-- <username> [<password>]]: creates an administrator or resets a password
// (ending their sessions), asking for what is missing, the password without echo. Uses the server's
// database; the embedded one is locked while the server runs: stop it, or use DATABASE_URL.
import readline from 'node:readline';
import { openDatabase } from '../src/server/db/connect.js';
import { DataDirLockedError } from '../src/server/db/lock.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { readEnv } from '../src/server/env.js';
import { upsertAdmin } from '../src/server/modules/admin/admin.repository.js';
import { scryptParamsFor } from '../src/server/modules/admin/password.js';

function ask(question: string, hidden = false): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    if (hidden) {
      // Print the prompt once, then swallow the echo of every typed character.
      const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
      out._writeToOutput = (s: string) => {
        if (s.startsWith(question)) out.output.write(question);
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    });
  });
}

const env = readEnv();
const username = (process.argv[2] ?? (await ask('Username: '))).trim();
const password = process.argv[3] ?? (await ask('Password (at least 8 characters): ', true));
if (!username || username.length > 100) {
  console.error('A username of 1 to 100 characters is required.');
  process.exit(1);
}
if (password.length < 8 || password.length > 200) {
  console.error('The password must be 8 to 200 characters long.');
  process.exit(1);
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(`${err.message}\nStop the server first, then run npm run admin:create again (or set DATABASE_URL).`);
  } else {
    console.error(`Cannot open the database: ${(err as Error).message}`);
  }
  process.exit(1);
}
try {
  await runMigrations(database);
  await upsertAdmin(database.db, username, password, scryptParamsFor(env));
  console.log(`Administrator '${username}' is ready. Sign in at /admin.`);
} finally {
  await database.close();
}
