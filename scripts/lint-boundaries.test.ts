// The import boundaries of docs/architecture.md (Imports), enforced by biome.json's overrides: one
// deliberate violation per boundary, written into a temporary copy of the layout (never the tree),
// must fail `biome lint` with the boundary's message; the real tree must pass.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
/** A scratch project holding biome.json and the violations; the patterns match paths under it. */
let scratch = '';

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-boundaries-'));
  fs.copyFileSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

afterEach(() => {
  // Each test lints only its own files, but a clean src/ keeps one test's files out of the next.
  fs.rmSync(path.join(scratch, 'src'), { recursive: true, force: true });
});

function write(file: string, source: string): string {
  const abs = path.join(scratch, file);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, source);
  return file;
}

/** Lints files of the scratch project, or, with `cwd` the project root, of the real tree. */
function lint(files: string[], cwd = scratch): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [biome, 'lint', '--colors=off', '--max-diagnostics=50', ...files], {
    cwd,
    encoding: 'utf8',
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/** Each diagnostic is one restricted import: `file:line:column lint/style/noRestrictedImports`. */
function flaggedLines(output: string, file: string): number[] {
  const re = new RegExp(
    `${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:(\\d+):\\d+ lint/style/noRestrictedImports`,
    'g',
  );
  return [...output.matchAll(re)].map((m) => Number(m[1]));
}

const FEATURE_INSIDES = "a feature imports another feature only through its index.ts ('../name')";
const FEATURE_APP = 'features do not import app/';
const BELOW_FEATURES = 'components/ and lib/ are below the features and app/';
const APP_THROUGH_INDEX = 'app/ and pages/ import a feature through its index.ts only';
const CLIENT_TO_SERVER = 'the client never imports server code';
const SERVER_TO_CLIENT = 'the server never imports client code';
const BELOW_PLUGINS = 'src/server/lib and src/server/pages are below the plugins';
const SHARED_ALONE = 'src/shared is used by both sides and imports neither client nor server code';

describe('import boundaries (npm run lint)', () => {
  it("fails when a feature imports another feature's insides or app/, and allows its index", () => {
    const file = write(
      'src/client/features/__violation__/x.ts',
      [
        "import { readFilters } from '../discover/filters';",
        "import { DiscoverPage } from '../discover';",
        "import { DiscoverPage as Again } from '../discover/index';",
        "import { useAppDialogs } from '../../app/app-dialogs';",
        "import { cn } from '../../lib/cn';",
        "import { LOCATION_CATEGORIES } from '../../../shared/constants';",
        "export const lazyInsides = () => import('../location/location-page');",
        'export const all = [readFilters, DiscoverPage, Again, useAppDialogs, cn, LOCATION_CATEGORIES];',
        '',
      ].join('\n'),
    );
    const r = lint([file]);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain(FEATURE_INSIDES);
    expect(r.output).toContain(FEATURE_APP);
    // Only the insides (lines 1 and 7) and app/ (line 4); the index, lib/ and shared/ are fine.
    expect(flaggedLines(r.output, file)).toEqual([1, 4, 7]);
  });

  it('fails when lib/ or components/ import a feature or app/', () => {
    const fromLib = write(
      'src/client/lib/__violation__.ts',
      "import { DiscoverPage } from '../features/discover';\nexport const all = [DiscoverPage];\n",
    );
    const fromComponents = write(
      'src/client/components/ui/__violation__.ts',
      "import { Header } from '../../app/header';\nexport const all = [Header];\n",
    );
    const r = lint([fromLib, fromComponents]);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain(BELOW_FEATURES);
    expect(flaggedLines(r.output, fromLib)).toEqual([1]);
    expect(flaggedLines(r.output, fromComponents)).toEqual([1]);
  });

  it("fails when app/ reaches into a feature's insides", () => {
    const file = write(
      'src/client/app/__violation__.ts',
      "import { DiscoverPage } from '../features/discover/discover-page';\nimport { MapView } from '../features/map';\nexport const all = [DiscoverPage, MapView];\n",
    );
    const r = lint([file]);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain(APP_THROUGH_INDEX);
    expect(flaggedLines(r.output, file)).toEqual([1]);
  });

  it('fails when an entry file (main.tsx, entry-server.tsx) imports a feature instead of app/', () => {
    const entry = write(
      'src/client/__violation_entry__.ts',
      "import { seedNarrowFirstPage } from './features/discover';\nexport const all = [seedNarrowFirstPage];\n",
    );
    const r = lint([entry]);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('the entry files (main.tsx, entry-server.tsx) reach features through app/');
    expect(flaggedLines(r.output, entry)).toEqual([1]);
  });

  it('fails when the client imports the server, or the server the client', () => {
    const client = write(
      'src/client/__violation__.ts',
      "import { buildApp } from '../server/app';\nexport const all = [buildApp];\n",
    );
    const server = write(
      'src/server/__violation__.ts',
      "import { cn } from '../client/lib/cn';\nexport const all = [cn];\n",
    );
    const r = lint([client, server]);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain(CLIENT_TO_SERVER);
    expect(r.output).toContain(SERVER_TO_CLIENT);
    expect(flaggedLines(r.output, client)).toEqual([1]);
    expect(flaggedLines(r.output, server)).toEqual([1]);
  });

  it('fails when src/server/lib or src/server/pages import a plugin, or the client', () => {
    const fromLib = write(
      'src/server/lib/__violation__.ts',
      "import { registerPages } from '../plugins/pages';\nimport { now } from './clock';\nexport const all = [registerPages, now];\n",
    );
    const fromPages = write(
      'src/server/pages/__violation__.ts',
      "import { cn } from '../../client/lib/cn';\nimport { searchKey } from '../plugins/search-cache/index';\nexport const all = [cn, searchKey];\n",
    );
    const r = lint([fromLib, fromPages]);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain(BELOW_PLUGINS);
    expect(r.output).toContain(SERVER_TO_CLIENT);
    expect(flaggedLines(r.output, fromLib)).toEqual([1]);
    expect(flaggedLines(r.output, fromPages)).toEqual([1, 2]);
  });

  it('fails when src/shared imports client or server code', () => {
    const file = write(
      'src/shared/__violation__.ts',
      [
        "import { buildApp } from '../server/app';",
        "import { cn } from '../client/lib/cn';",
        "import { MSG } from './messages';",
        'export const all = [buildApp, cn, MSG];',
        '',
      ].join('\n'),
    );
    const r = lint([file]);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain(SHARED_ALONE);
    expect(flaggedLines(r.output, file)).toEqual([1, 2]);
  });

  it('fails when client code imports React Router instead of lib/router.tsx (decision 0903)', () => {
    const files = [
      'src/client/__violation_rr__.ts',
      'src/client/app/__violation_rr__.ts',
      'src/client/features/__violation__/rr.ts',
      'src/client/lib/__violation_rr__.ts',
    ].map((f) => write(f, "import { Link } from 'react-router';\nexport const all = [Link];\n"));
    const r = lint(files);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain("The app's router is src/client/lib/router.tsx");
    for (const file of files) expect(flaggedLines(r.output, file)).toEqual([1]);
  });

  it('passes on the real tree', () => {
    const r = lint(['src'], root);
    expect(r.output).not.toContain('noRestrictedImports');
    expect(r.status, r.output).toBe(0);
  });
});
