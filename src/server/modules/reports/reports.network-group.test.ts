// Reports count per network group as well as per person (decision 0712): rotating session ids does
// not multiply 10 a minute and 50 a day, and past SCREENSHOT_BYTES_PER_DAY a day a network group's
// report is kept without its screenshot.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENSHOT_MAX_BYTES } from '../../../shared/constants.js';
import { flagReports } from '../../db/schema.js';
import { jsonHeaders, useTestApp } from '../../test/test-app.js';
import { SCREENSHOT_BYTES_PER_DAY } from './screenshot-budget.js';

const DAY_MS = 24 * 60 * 60_000;

/** A PNG data URL of `bytes` bytes (signature, IHDR, filler). */
function png(bytes: number): string {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(40, 8);
  ihdr.writeUInt32BE(30, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  const head = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
  return `data:image/png;base64,${Buffer.concat([head, Buffer.alloc(bytes - head.length, 7)]).toString('base64')}`;
}

let sessions = 0;
const newSession = () => `rotated-${Date.now()}-${++sessions}`;

describe('reports per network group', () => {
  const t = useTestApp();
  afterEach(() => vi.useRealTimers());

  /** Pins the clock at `offsetMs` into a fresh UTC day, the clock running on from there. */
  const atDayStart = (dayOffset: number, offsetMs = 0) => {
    const start = (Math.floor(Date.now() / DAY_MS) + dayOffset) * DAY_MS;
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(start + offsetMs);
  };

  const report = (remoteAddress: string, body: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/flag-reports',
      headers: { ...jsonHeaders, 'x-session-id': newSession() },
      remoteAddress,
      payload: JSON.stringify({ locationId: null, flagType: 'outdated', description: 'rotating', ...body }),
    });

  it('holds 10 a minute per address whatever session ids it rotates', async () => {
    atDayStart(3, 60_000);
    const codes: number[] = [];
    for (let i = 0; i < 15; i++) codes.push((await report('10.70.0.1')).statusCode);
    expect(codes.slice(0, 10)).toEqual(new Array(10).fill(201));
    expect(codes.slice(10)).toEqual(new Array(5).fill(429));
    // Another address is its own group.
    expect((await report('10.70.0.2')).statusCode).toBe(201);
  });

  it('holds 50 a day per IPv6 /64 whatever addresses and session ids it rotates', async () => {
    atDayStart(5, 60_000);
    let created = 0;
    let refused = 0;
    for (let minute = 0; minute < 6; minute++) {
      // Two minutes apart: the per-minute limit (which weighs in the minute before) is not what
      // this test meets.
      vi.setSystemTime(Math.floor(Date.now() / DAY_MS) * DAY_MS + (2 * minute + 1) * 60_000 + 1_000);
      for (let i = 0; i < 10; i++) {
        const status = (await report(`2001:db8:70:1::${minute * 10 + i + 1}`)).statusCode;
        if (status === 201) created++;
        else if (status === 429) refused++;
      }
    }
    expect(created).toBe(50);
    expect(refused).toBe(10);
  });

  it('keeps at most the day’s screenshot bytes per network group; past them, the report without its picture', async () => {
    atDayStart(7, 60_000);
    const shot = png(SCREENSHOT_MAX_BYTES);
    const fit = Math.floor(SCREENSHOT_BYTES_PER_DAY / SCREENSHOT_MAX_BYTES);
    const answers: Array<{ id: number; screenshotKept: boolean | null }> = [];
    for (let i = 0; i <= fit; i++) {
      // A minute apart: the per-minute limit is not what this test meets.
      vi.setSystemTime(Math.floor(Date.now() / DAY_MS) * DAY_MS + (i + 1) * 60_000 + 1_000);
      const res = await report(`2001:db8:71:1::${i + 1}`, { screenshot: shot });
      expect(res.statusCode).toBe(201);
      answers.push(res.json());
    }
    expect(answers.slice(0, fit).every((a) => a.screenshotKept === true)).toBe(true);
    const last = answers[fit]!;
    expect(last.screenshotKept).toBe(false);
    const [row] = await t.database.db.select().from(flagReports).where(eq(flagReports.id, last.id));
    expect(row).toMatchObject({ description: 'rotating', screenshot: null, status: 'pending' });
    // Another network group still stores its picture, and a report without one is just a report.
    const other = await report('10.71.0.9', { screenshot: png(1000) });
    expect(other.json().screenshotKept).toBe(true);
    const plain = await report('2001:db8:71:1::99');
    expect(plain.json().screenshotKept).toBeNull();
    // The next day the group has its allowance again.
    vi.setSystemTime((Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS + 60_000);
    expect((await report('2001:db8:71:1::1', { screenshot: png(1000) })).json().screenshotKept).toBe(true);
  });
});
