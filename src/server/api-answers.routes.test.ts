// Declared answers: every JSON route of the API declares the schema of its
// success answer (from src/shared), so the answer is checked and serialised by it and described
// in /api/docs. The few routes that answer something else say why below.
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/test-app.js';

/** Routes whose success answer is not a JSON document of their own. */
const NOT_JSON: Record<string, string> = {
  'GET /api/export/locations.csv': 'a streamed CSV file',
  'GET /api/export/locations.geojson': 'a streamed GeoJSON file',
  'GET /api/admin/flag-reports/{id}/screenshot': 'an image/png',
  'DELETE /api/admin/locations/{id}': '204 without a body',
  'DELETE /api/admin/standings/{id}': '204 without a body',
  'POST /api/admin/login': 'sets the session cookie; answers the session',
  'POST /api/admin/logout': 'clears the session cookie',
  'GET /api/admin/session': 'the session or 401',
  'GET /sitemap.xml': 'XML',
  'GET /sitemap/{part}': 'XML',
  'GET /api/export/locations.hsds.json':
    'a streamed HSDS data package (JSON checked against the HSDS schemas in its tests)',
  'GET /calendar.ics': 'iCalendar',
  'GET /discover/{slug}/calendar.ics': 'iCalendar',
  'GET /changes.atom': 'Atom',
  'GET /discover/{slug}/changes.atom': 'Atom',
  'GET /embed': 'HTML',
};

describe('declared answers', () => {
  const t = useTestApp();

  it('every JSON route declares its success answer', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const undeclared: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const declared = Object.entries(op.responses ?? {}).some(([code, r]) => code.startsWith('2') && r.content);
        const name = `${method.toUpperCase()} ${path}`;
        if (!declared && !(name in NOT_JSON)) undeclared.push(name);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
