// The backup channel (decision 0511): the socket's permissions, a dead server's socket replaced, an
// unknown request or a client leaving mid-answer survived; incomplete or bad answers refused with
// no file left behind. Embedded database only (PostgreSQL has no channel).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlSocketPath, openControlChannel, requestSnapshot } from './backup-control.js';
import { currentOwner } from './lock.js';
import { type Database, openDatabase } from './connect.js';
import { testDatabaseUrl } from '../test/test-env.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-control-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const silent = { info: () => undefined, warn: () => undefined };

/** Sends `request` and reads the whole answer. */
function ask(socketPath: string, request: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.write(request);
  });
}

describe.runIf(!testDatabaseUrl)('the backup channel', () => {
  let dataDir: string;
  let database: Database;
  beforeAll(async () => {
    dataDir = tempDir();
    database = await openDatabase({ dataDir });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('listens owner-only in place of a dead server’s socket, and answers what it is asked', async () => {
    const socketPath = controlSocketPath(dataDir);
    fs.writeFileSync(socketPath, 'left by a server that was killed');
    fs.writeFileSync(path.join(dataDir, 'snapshot-1-abcd.tar.gz.partial'), 'half a snapshot');
    fs.mkdirSync(path.join(dataDir, 'snapshot-1-abcd.staging'));
    const channel = await openControlChannel(dataDir, database, silent);
    expect(channel!.path).toBe(socketPath);
    expect(fs.statSync(socketPath).isSocket()).toBe(true);
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(dataDir, 'snapshot-1-abcd.tar.gz.partial'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'snapshot-1-abcd.staging'))).toBe(false);

    const unknown = JSON.parse((await ask(socketPath, '{"op":"drop everything"}\n')).toString());
    expect(unknown).toEqual({ ok: false, message: 'Unknown request: send {"op":"snapshot"}' });
    const notJson = JSON.parse((await ask(socketPath, 'hello\n')).toString());
    expect(notJson.ok).toBe(false);

    // A client that leaves before its snapshot is sent.
    await new Promise<void>((resolve) => {
      const socket = net.connect(socketPath, () => {
        socket.write('{"op":"snapshot"}\n');
        socket.destroy();
        resolve();
      });
    });
    const answer = await ask(socketPath, '{"op":"snapshot"}\n');
    const end = answer.indexOf(10);
    const header = JSON.parse(answer.subarray(0, end).toString());
    expect(header.ok).toBe(true);
    expect(answer.length - end - 1).toBe(header.bytes);
    expect(answer[end + 1]).toBe(0x1f); // gzip

    await channel!.close();
    expect(fs.existsSync(socketPath)).toBe(false);
    // Its temporary snapshots are gone too.
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('snapshot-'))).toEqual([]);
  }, 120_000);

  it('is not opened when the folder’s path is too long for a socket, and says so', async () => {
    const deep = path.join(tempDir(), 'x'.repeat(120));
    fs.mkdirSync(deep);
    const warnings: string[] = [];
    const channel = await openControlChannel(deep, database, { info: () => undefined, warn: (m) => warnings.push(m) });
    expect(channel).toBeNull();
    expect(warnings[0]).toMatch(/Backup channel not opened: .* is longer than a socket's path may be/);
  });
});

describe('npm run backup reading the server’s answer', () => {
  /** A stand-in server on a folder's socket that answers every request with `answer`. */
  async function fakeServer(answer: Buffer) {
    const dataDir = tempDir();
    const server = net.createServer((socket) => {
      socket.once('data', () => socket.end(answer));
    });
    await new Promise<void>((resolve) => server.listen(controlSocketPath(dataDir), resolve));
    return { dataDir, close: () => new Promise((r) => server.close(r)) };
  }

  it('refuses a snapshot that arrives incomplete, and writes no file', async () => {
    const fake = await fakeServer(Buffer.concat([Buffer.from('{"ok":true,"bytes":100}\n'), Buffer.alloc(10)]));
    const file = path.join(tempDir(), 'out.tar.gz');
    await expect(requestSnapshot(fake.dataDir, currentOwner(), file)).rejects.toThrow(
      'The snapshot arrived incomplete (10 of 100 bytes): nothing was written',
    );
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
    await fake.close();
  });

  it('reports the server’s own reason, or an answer that is not a snapshot', async () => {
    const failing = await fakeServer(Buffer.from('{"ok":false,"message":"the disk is full"}\n'));
    const dir = tempDir();
    await expect(requestSnapshot(failing.dataDir, currentOwner(), path.join(dir, 'a'))).rejects.toThrow(
      'The server could not take the snapshot: the disk is full',
    );
    await failing.close();
    const garbage = await fakeServer(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n'));
    await expect(requestSnapshot(garbage.dataDir, currentOwner(), path.join(dir, 'b'))).rejects.toThrow(
      'The server answered something that is not a snapshot',
    );
    expect(fs.readdirSync(dir)).toEqual([]);
    await garbage.close();
  });
});
