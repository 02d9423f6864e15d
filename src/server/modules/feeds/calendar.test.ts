// Line folding of the calendars (RFC 5545 section 3.1): at most 75 octets a line, never inside a
// UTF-8 character, and unfolding gives the text back.
import { describe, expect, it } from 'vitest';
import { foldLines } from './calendar.js';

describe('foldLines', () => {
  it('folds long lines at 75 octets without splitting a character, and unfolds to the same text', () => {
    const long = `DESCRIPTION:${'Horario de la feria: sábado y domingo, 8–13 h 🌽 '.repeat(6)}`;
    const text = `BEGIN:VEVENT\r\n${long}\r\nSUMMARY:short\r\nEND:VEVENT\r\n`;
    const folded = foldLines(text);
    const lines = folded.split('\r\n');
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(3);
    expect(folded.includes('\uFFFD')).toBe(false);
    expect(folded.replace(/\r\n /g, '')).toBe(text);
  });

  it('leaves short lines as they are', () => {
    const text = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR';
    expect(foldLines(text)).toBe(text);
  });
});
