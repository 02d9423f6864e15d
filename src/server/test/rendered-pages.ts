// An app that renders pages on the server as the built one does (decision 0900), for API tests: a
// client folder with only an index.html like the build's, and the renderer from its sources
// (src/client/entry-server.tsx) through the SSR_ENTRY setting (env.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { fromRoot } from '../paths.js';
import { type TestApp, type TestAppOptions, useTestApp } from './test-app.js';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>KC Green Directory</title>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-test.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-test.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>The Kansas City green directory needs JavaScript to search and show places.</noscript>
  </body>
</html>
`;

/** useTestApp with server rendering on: `t.app` serves the rendered pages. */
export function useRenderedPagesApp(options: TestAppOptions = {}): TestApp {
  let clientDir = '';
  beforeAll(() => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-pages-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-test.css'), 'body{margin:0}');
  });
  // Hooks after run in reverse: the app closes before its folder goes.
  afterAll(() => {
    fs.rmSync(clientDir, { recursive: true, force: true });
  });
  return useTestApp(() => ({
    ...options,
    env: { ...options.env, SSR_ENTRY: fromRoot('src/client/entry-server.tsx') },
    deps: { ...options.deps, clientDir },
  }));
}
