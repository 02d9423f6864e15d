// Every interface text comes from the catalogs, so each one can be translated. This fails when a key is missing from a
// catalog (English and Spanish must have the same keys) or when a component hard-codes visible text
// (JSX text, or aria-label / placeholder / title / alt attributes written as literals).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const clientDir = path.resolve(import.meta.dirname, '..');
const localesDir = path.join(clientDir, 'locales');

function flatten(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** Plural forms differ by language (Spanish also has _many): compare the base keys. */
const basePlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

function catalog(lang: string, ns: string): Record<string, unknown> {
  const file = path.join(localesDir, lang, `${ns}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [p] : [];
  });
}

describe('interface text catalogs', () => {
  const namespaces = new Set(
    ['en', 'es'].flatMap((lang) => fs.readdirSync(path.join(localesDir, lang)).map((f) => f.replace(/\.json$/, ''))),
  );

  for (const ns of namespaces) {
    it(`'${ns}' has the same keys in English and Spanish, none empty`, () => {
      const en = catalog('en', ns);
      const es = catalog('es', ns);
      const enKeys = new Set(flatten(en).map(basePlural));
      const esKeys = new Set(flatten(es).map(basePlural));
      expect(
        [...enKeys].filter((k) => !esKeys.has(k)),
        'missing in es',
      ).toEqual([]);
      expect(
        [...esKeys].filter((k) => !enKeys.has(k)),
        'missing in en',
      ).toEqual([]);
      const lookup = (obj: Record<string, unknown>, key: string) =>
        key.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], obj);
      const empty = [
        ...flatten(en)
          .filter((k) => lookup(en, k) === '')
          .map((k) => `en:${k}`),
        ...flatten(es)
          .filter((k) => lookup(es, k) === '')
          .map((k) => `es:${k}`),
      ];
      expect(empty).toEqual([]);
    });
  }

  it('no component hard-codes visible text', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(clientDir)) {
      const src = fs.readFileSync(file, 'utf8');
      const rel = path.relative(clientDir, file);
      src.split('\n').forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '');
        // JSX text between tags: '>Some words<' or '>Word</'. A single identifier followed by '<'
        // and no '/' is a generic call (getJson<T>), not text.
        const m = code.match(/>\s*([A-Za-z][A-Za-z ,.'!?-]{1,}?)\s*<(\/?)/);
        const jsxText =
          m && (m[2] === '/' || /\s/.test(m[1]!.trim())) && !/=>\s*$/.test(code.slice(0, m.index! + 1)) ? m : null;
        // Literal accessible names and placeholders.
        const attr = code.match(/\b(aria-label|placeholder|title|alt)="([^"]*[A-Za-z][^"]*)"/);
        if (jsxText) offenders.push(`${rel}:${i + 1}: text "${jsxText[1]!.trim()}"`);
        if (attr) offenders.push(`${rel}:${i + 1}: ${attr[1]}="${attr[2]}"`);
      });
    }
    expect(offenders, offenders.join('\n')).toEqual([]);
  });
});
