// @vitest-environment jsdom
// A rendered page's scripts wait in a template for its first paint (decision 0915): the server
// holds them, the page's inline script (public/early-input.js) starts them.
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromRoot } from '../paths.js';
import { holdScripts, PAGE_SCRIPTS_ID } from './held-scripts.js';

const EARLY_INPUT = fs.readFileSync(fromRoot('public/early-input.js'), 'utf8');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <script>/* early input */</script>
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-b.js">
    <style>body{margin:0}</style>
    <script type="application/ld+json">{"@type":"Place"}</script>
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/location-c.js">
  </head>
  <body><div id="root"><main id="main-content">Alldredge Orchards</main></div>
    <script type="application/json" id="ssr-data">{}</script>
  </body>
</html>`;

describe('holdScripts', () => {
  it('moves the entry and the preloads, in order, into a template at the end of the head', () => {
    const held = holdScripts(PAGE);
    const [head] = held.split('</head>') as [string];
    const template = head.slice(head.indexOf(`<template id="${PAGE_SCRIPTS_ID}">`));
    expect([...template.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/assets/index-a.js',
      '/assets/runtime-b.js',
      '/assets/location-c.js',
    ]);
    expect(template.trimEnd().endsWith('</template>')).toBe(true);
    const outside = held.replace(template, '');
    expect(outside).not.toMatch(/type="module"|modulepreload/);
    // What paints the page and the data blocks stay where they were.
    for (const kept of ['<script>/* early input */</script>', '<style>', 'application/ld+json', 'id="ssr-data"']) {
      expect(outside).toContain(kept);
    }
  });

  it("adds the route's own preloads after the page's", () => {
    const more = '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/share-d.js">';
    const template = /<template id="page-scripts">([\s\S]*?)<\/template>/.exec(holdScripts(PAGE, more))?.[1] ?? '';
    expect([...template.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/assets/index-a.js',
      '/assets/runtime-b.js',
      '/assets/location-c.js',
      '/assets/share-d.js',
    ]);
  });

  it('leaves a page without scripts as it is', () => {
    const page = '<html><head><title>Busy</title></head><body></body></html>';
    expect(holdScripts(page)).toBe(page);
  });

  it('names the template the page’s inline script starts', () => {
    expect(EARLY_INPUT).toContain(`getElementById('${PAGE_SCRIPTS_ID}')`);
  });
});

describe('the page’s inline script', () => {
  const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
  afterEach(() => {
    if (visibility) Object.defineProperty(document, 'visibilityState', visibility);
    document.head.innerHTML = '';
  });

  function loadPage(visibilityState: 'visible' | 'hidden') {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibilityState });
    document.head.innerHTML = holdScripts(PAGE).split('<head>')[1]!.split('</head>')[0]!;
    new Function(EARLY_INPUT)();
  }
  const startedFiles = () =>
    [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map(
      (el) => el.getAttribute('src') ?? el.getAttribute('href'),
    );

  /** Frames the test makes one by one; paint entries it says are there. */
  function controlledFrames() {
    const frames: FrameRequestCallback[] = [];
    let painted = false;
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const entries = vi
      .spyOn(performance, 'getEntriesByType')
      .mockImplementation((type) => (type === 'paint' && painted ? [{} as PerformanceEntry] : []));
    return {
      frame: () => frames.shift()?.(0),
      paint: () => {
        painted = true;
      },
      pending: () => frames.length,
      restore: () => {
        raf.mockRestore();
        entries.mockRestore();
      },
    };
  }
  const task = () => new Promise((resolve) => setTimeout(resolve, 0));
  const ALL = ['/assets/index-a.js', '/assets/runtime-b.js', '/assets/location-c.js'];

  it('starts the scripts in the task after the first paint is on screen, not before', async () => {
    const frames = controlledFrames();
    try {
      loadPage('visible');
      expect(startedFiles()).toEqual([]);
      frames.frame(); // the first frame's work, its paint not presented yet
      await task();
      expect(startedFiles()).toEqual([]);
      frames.paint();
      frames.frame();
      expect(startedFiles()).toEqual([]);
      await task();
      expect(startedFiles()).toEqual(ALL);
      expect(document.getElementById(PAGE_SCRIPTS_ID)).toBeNull();
      expect(frames.pending()).toBe(0);
    } finally {
      frames.restore();
    }
  });

  it('starts them after ten frames in a browser that reports no paint', async () => {
    const frames = controlledFrames();
    try {
      loadPage('visible');
      for (let i = 0; i < 9; i++) frames.frame();
      await task();
      expect(startedFiles()).toEqual([]);
      frames.frame();
      await task();
      expect(startedFiles()).toEqual(ALL);
    } finally {
      frames.restore();
    }
  });

  it('starts them once parsed in a tab that draws no frame', () => {
    loadPage('hidden');
    expect(document.readyState).not.toBe('loading');
    expect(startedFiles()).toEqual(ALL);
  });
});
