// Where the server finds its files, from the project's root rather than each module's folder: the
// server runs both from its sources and bundled into dist/app/main.js (decision 0508), and a path
// relative to a module would differ between the two.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above this module holding package.json: the project's root. */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const fromRoot = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
