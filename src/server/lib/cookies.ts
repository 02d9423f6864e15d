// Reading one cookie from a request's Cookie header without ever throwing: a value that does not
// decode (`lang=%`, a lone surrogate's escape, bytes that are not UTF-8) counts as absent, so a
// hostile cookie only loses its own meaning and the page is answered as usual (decision 0708).

/** The first value of cookie `name`, percent-decoded; null when absent or undecodable. */
export function readCookie(header: unknown, name: string): string | null {
  const raw = rawCookie(header, name);
  if (raw === null) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Whether the header names cookie `name` at all, whatever its value. */
export function hasCookie(header: unknown, name: string): boolean {
  return rawCookie(header, name) !== null;
}

function rawCookie(header: unknown, name: string): string | null {
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return value;
  }
  return null;
}
