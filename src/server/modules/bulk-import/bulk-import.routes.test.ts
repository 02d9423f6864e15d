import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations, locationTags, revisions, tags } from '../../db/schema.js';
import { jsonHeaders, signInAdmin, useTestApp } from '../../test/test-app.js';

const ADMIN = { username: 'import-admin', password: 'import-password' };
const HEADER = 'name,category,description,address,website,tags';

function multipart(content: string | Buffer, opts: { filename?: string; type?: string; field?: string } = {}) {
  const boundary = '----kcboundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'csvFile'}"; filename="${opts.filename ?? 'places.csv'}"\r\n` +
      `Content-Type: ${opts.type ?? 'text/csv'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ admin: ADMIN });
let cookie: string;
const upload = (content: string | Buffer, opts?: Parameters<typeof multipart>[1]) => {
  const m = multipart(content, opts);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/bulk-import',
    headers: { cookie, 'content-type': m.contentType },
    payload: m.payload,
  });
};
const byName = async (name: string) => t.database.db.select().from(locations).where(eq(locations.name, name));
const countRows = async () => {
  const [l] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(locations);
  const [g] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tags);
  const [r] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(revisions);
  return { locations: l?.n, tags: g?.n, revisions: r?.n };
};

beforeAll(async () => {
  cookie = await signInAdmin(t, ADMIN);
});

describe('bulk import API: reading and importing rows', () => {
  it('answers 400, never 500, to a body that is not valid multipart, and writes nothing', async () => {
    const before = await countRows();
    const good = multipart('name,category\nCut short,resource\n');
    const bodies = [
      // no boundary in the content type
      { 'content-type': 'multipart/form-data', payload: good.payload },
      // cut off in the middle of the file part
      { 'content-type': good.contentType, payload: good.payload.subarray(0, good.payload.length - 30) },
    ];
    for (const { payload, ...headers } of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/bulk-import',
        headers: { cookie, ...headers },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The upload is not a valid multipart/form-data body');
    }
    expect(await countRows()).toEqual(before);
  });

  it('imports good rows, reports bad ones as Row N, and creates tags case-insensitively', async () => {
    await t.database.db.insert(tags).values({ name: 'Organic', category: 'product' });
    const csv = [
      HEADER,
      'Good Market One,farmers-market,Fresh produce,"100 Main St, Kansas City, MO 64105",https://example.org,"organic, Local Honey"',
      ',park,No name,1 Park Rd,,',
      'Bad Category,zoo,Animals,2 Zoo Rd,,',
      'Good Park Two,Park,A park,3 Park Rd Kansas City MO,,local honey',
      'Bad Site,park,desc,4 Rd,javascript:alert(1),',
      'No Address,park,desc,,,',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: 2,
      errors: [
        'Row 2: Name is required',
        'Row 3: Category must be one of: farmers-market, local-farmer, community-garden, park, resource',
        'Row 5: Please enter a valid URL',
        'Row 6: Address is required',
      ],
    });
    const [one] = await byName('Good Market One');
    expect(one).toMatchObject({
      category: 'farmers-market',
      address: '100 Main St, Kansas City, MO 64105',
      website: 'https://example.org',
      hidden: false,
    });
    const [two] = await byName('Good Park Two');
    expect(two?.category).toBe('park');
    const tagRows = await t.database.db.select().from(tags);
    expect(tagRows.filter((x) => x.name.toLowerCase() === 'organic')).toHaveLength(1);
    expect(tagRows.filter((x) => x.name.toLowerCase() === 'local honey')).toHaveLength(1);
    const links = await t.database.db.select().from(locationTags).where(eq(locationTags.locationId, one!.id));
    expect(links).toHaveLength(2);
    const [rev] = await t.database.db.select().from(revisions).where(eq(revisions.entityId, one!.id));
    expect(rev).toMatchObject({ action: 'create', actor: ADMIN.username, entityType: 'location' });
    // Imported places are findable by the search text.
    expect(one?.tagText.toLowerCase()).toContain('organic');
  });

  it('reads a BOM, CRLF line ends and commas inside quotes', async () => {
    const csv = `\uFEFF${HEADER}\r\n"Quoted, Comma Garden",community-garden,"Beds, tools, and ""water""","5 Elm St, Kansas City, MO",,"a-tag, b-tag"\r\n`;
    const res = await upload(csv);
    expect(res.json()).toEqual({ success: 1, errors: [] });
    const [row] = await byName('Quoted, Comma Garden');
    expect(row?.description).toBe('Beds, tools, and "water"');
  });

  it("accepts a .csv file sent with Excel's type or none, and columns in any order", async () => {
    const csv = 'tags,address,description,category,name\n,9 Oak St,Desc,resource,Excel Typed Resource\n';
    expect((await upload(csv, { type: 'application/vnd.ms-excel' })).json()).toEqual({ success: 1, errors: [] });
    expect((await upload(csv.replace('Excel Typed', 'Untyped'), { type: 'application/octet-stream' })).json()).toEqual({
      success: 1,
      errors: [],
    });
  });

  it('stores formulas as text, sanitises HTML descriptions and rejects HTML names', async () => {
    const csv = [
      HEADER,
      '"=HYPERLINK(""http://evil.example"")",park,=1+2,1 Formula Rd,,',
      'Script Park,park,"<p>Nice</p><script>alert(1)</script><img src=x onerror=alert(1)>",2 Rd,,',
      '<b>Bold</b> Park,park,desc,3 Rd,,',
      'Only Script,park,<script>alert(1)</script>,4 Rd,,',
      'Evil Tag Park,park,desc,5 Rd,,"<img src=x>"',
    ].join('\n');
    const res = await upload(csv);
    expect(res.json()).toEqual({
      success: 2,
      errors: [
        'Row 3: HTML is not allowed in the name',
        'Row 4: Description is required',
        'Row 5: HTML tags are not allowed in tag name',
      ],
    });
    const [formula] = await byName('=HYPERLINK("http://evil.example")');
    expect(formula?.description).toBe('=1+2');
    const [script] = await byName('Script Park');
    expect(script?.description).toBe('<p>Nice</p>');
  });
});

describe('bulk import API: refused files and failed imports', () => {
  it('refuses a file that is not CSV (415), an empty file and missing columns (400)', async () => {
    const png = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), { filename: 'x.png', type: 'image/png' });
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toBe('Please select a CSV file.');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bulk-import',
      headers: { cookie, ...jsonHeaders },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The CSV file is empty.');
    const missing = await upload('name,category,website\nA,park,\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing required column(s): description, address');
    const headerOnly = await upload(`${HEADER}\n`);
    expect(headerOnly.statusCode).toBe(400);
    const wrongField = await upload(`${HEADER}\nA,park,d,1 Rd,,\n`, { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    const ragged = await upload(`${HEADER}\nA,park,d\n`);
    expect(ragged.statusCode).toBe(400);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = `${HEADER}\n${'Big,park,d,1 Rd,,\n'.repeat(300_000)}`;
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
  });

  it('reports 5,000 bad rows without importing any of them', async () => {
    const before = await countRows();
    const lines = [HEADER];
    for (let i = 0; i < 5000; i++) lines.push(`Bad ${i},not-a-category,d,1 Rd,,`);
    const res = await upload(lines.join('\n'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(0);
    expect(body.errors).toHaveLength(5000);
    expect(body.errors[4999]).toMatch(/^Row 5000: Category must be one of/);
    expect(await countRows()).toEqual(before);
  });

  it('writes nothing when the database fails midway (one transaction per file)', async () => {
    // A trigger makes the database itself refuse row 3 of 5, inside the import's transaction.
    await t.database.db.execute(sql`
      create or replace function kc_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.name = 'Atomic Row 3' then raise exception 'refused by test trigger'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger kc_test_refuse before insert on locations for each row execute function kc_test_refuse()`,
    );
    try {
      const before = await countRows();
      const lines = [HEADER];
      for (let i = 1; i <= 5; i++) lines.push(`Atomic Row ${i},park,d,${i} Atomic Rd,,"atomic-new-tag-${i}"`);
      const res = await upload(lines.join('\n'));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal Server Error' });
      expect(await countRows()).toEqual(before);
      expect(await byName('Atomic Row 1')).toHaveLength(0);
    } finally {
      await t.database.db.execute(sql`drop trigger kc_test_refuse on locations`);
    }
  });
});
