// What a website address points at, for the review rules (decision 0404) and for showing it: a raw
// IP address or an international (punycode) host is not a trustworthy link.
// Standalone (no schema import): the result cards use it, and Discover's first file is small.

/** The host name of an http(s) website as the forms accept it ('www.example.org' counts as
 * https), lower case, or null when there is none. */
export function websiteHost(website: string | null | undefined): string | null {
  const v = (website ?? '').trim();
  if (!v || /\s/.test(v)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(v);
  if (hasScheme && !/^https?:\/\//i.test(v)) return null;
  try {
    return new URL(hasScheme ? v : `https://${v}`).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** An IPv4 address, or an IPv6 one in brackets, as the URL parser writes them. */
export function isRawIpHost(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || /^\[[0-9a-f:.]+\]$/i.test(host);
}

/** A host in punycode (xn--): its letters are not what they seem at a glance. */
export function isInternationalHost(host: string): boolean {
  return host.split('.').some((label) => label.startsWith('xn--'));
}

/** The registrable part of a host, roughly: its last two labels (three under a two-letter
 * second-level such as co.uk). Good enough to ask "has this site been seen before". */
export function siteOf(host: string): string {
  const labels = host.replace(/^www\./, '').split('.');
  const n = labels.length >= 3 && labels.at(-2)!.length <= 3 && labels.at(-1)!.length === 2 ? 3 : 2;
  return labels.slice(-n).join('.');
}

/** Shown as a link only when it names a host by a plain domain name. */
export function isLinkableWebsite(website: string | null | undefined): boolean {
  const host = websiteHost(website);
  return host !== null && !isRawIpHost(host) && !isInternationalHost(host);
}

/** docs/product.md section 2: links without an http prefix get https:// when displayed. */
export function withHttps(url: string): string {
  const v = url.trim();
  if (!v) return v;
  return /^https?:\/\//i.test(v) ? v : `https://${v.replace(/^\/+/, '')}`;
}
