// A snapshot of the embedded database's data folder for the database process (decision 0509): a
// gzipped tar in dumpDataDir()'s layout, streamed, without the WAL segments recovery does not need.
// Plain JavaScript, as the worker that loads it.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Copies the data folder `from` into `to` (a new folder), leaving out the WAL segments outside
 * `[wal.first, wal.last]`. Synchronous: the caller holds PGlite's mutexes, so nothing writes while
 * it runs. Answers the files copied, as [relative name, size, mode, mtime] in tar order.
 */
export function copyDataDir(from, to, wal) {
  const entries = [];
  const walk = (rel) => {
    const source = path.join(from, rel);
    fs.mkdirSync(path.join(to, rel), { mode: 0o700 });
    for (const dirent of fs.readdirSync(source, { withFileTypes: true })) {
      const name = rel ? `${rel}/${dirent.name}` : dirent.name;
      if (dirent.isDirectory()) {
        entries.push({ name, dir: true, mode: 0o700, mtime: fs.statSync(path.join(from, name)).mtimeMs });
        walk(name);
        continue;
      }
      if (!dirent.isFile()) continue;
      if (rel === 'pg_wal' && WAL_SEGMENT.test(dirent.name) && (dirent.name < wal.first || dirent.name > wal.last))
        continue;
      // A reflink where the file system has them, else a copy.
      fs.copyFileSync(path.join(from, name), path.join(to, name), fs.constants.COPYFILE_FICLONE);
      const stat = fs.statSync(path.join(to, name));
      entries.push({ name, dir: false, size: stat.size, mode: stat.mode & 0o777, mtime: stat.mtimeMs });
    }
  };
  walk('');
  return entries;
}

/** A ustar header (POSIX 1003.1-1988), as tar and PGlite's tinytar read it. */
function header({ name, dir, size = 0, mode, mtime }) {
  if (Buffer.byteLength(name) > 99) throw new Error(`A file name too long for the snapshot's tar: ${name}`);
  const block = Buffer.alloc(512);
  const octal = (value, length, at) => block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, at, 'latin1');
  block.write(name, 0, 'utf8');
  octal(mode, 8, 100);
  octal(0, 8, 108);
  octal(0, 8, 116);
  octal(dir ? 0 : size, 12, 124);
  octal(Math.floor(mtime / 1000), 12, 136);
  block.write('        ', 148, 'latin1');
  block.write(dir ? '5' : '0', 156, 'latin1');
  block.write('ustar\u000000', 257, 'latin1');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

async function* tarOf(dir, entries) {
  for (const entry of entries) {
    yield header(entry);
    if (entry.dir) continue;
    let written = 0;
    for await (const chunk of fs.createReadStream(path.join(dir, entry.name))) {
      // The copy is ours alone, but a file that changed size would break the archive: stop.
      written += chunk.length;
      if (written > entry.size) throw new Error(`${entry.name} grew while the snapshot was written`);
      yield chunk;
    }
    if (written !== entry.size) throw new Error(`${entry.name} shrank while the snapshot was written`);
    if (written % 512) yield Buffer.alloc(512 - (written % 512));
  }
  yield Buffer.alloc(1024); // the end of the archive: two empty records
}

/** Writes a gzipped tar of the copied folder to `file` (created; owner-only, as it holds every
 * row) and flushes it to disk. Answers the file's size. */
export async function writeTarGz(dir, entries, file) {
  const handle = await fs.promises.open(file, 'wx', 0o600);
  try {
    await pipeline(Readable.from(tarOf(dir, entries)), zlib.createGzip(), async (gzipped) => {
      for await (const chunk of gzipped) await handle.write(chunk);
    });
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}
