// The text of a log line without anyone's data (decision 0710): IP addresses, the values of query
// strings, quoted values and a failed query's parameters are blanked. Used by the app's logger
// (plugins/log-safety.ts) on every message and error, and by the few console lines of the server.
import net from 'node:net';

const IPV4 = /(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.])/g;
const IPV6_CANDIDATE =
  /(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]{1,4})?(?:%\w+)?(?![\w:])/g;
/** Drizzle's "Failed query: …\nparams: <every value>", to the end of the message. */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;
/** A quoted value in a database or parser message: `invalid input syntax …: "1 Main St"`. */
const QUOTED = /"[^"\n]{1,500}"/g;
/** PostgreSQL's detail of a unique violation: `Key (query)=(1 main st) already exists.` */
const KEY_VALUE = /(Key \([^)]*\)=)\([^\n]*?\)(?= already exists|\s*is not present|\.|$)/g;
/** A path followed by its query string, inside a message. */
const URL_QUERY = /(\/[^\s?"'#]*)\?[^\s"'#]+/g;

/** The text with IP addresses, query values, quoted values and a query's parameters blanked. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, '\nparams: [redacted]')
    .replace(KEY_VALUE, '$1(…)')
    .replace(QUOTED, '"…"')
    .replace(URL_QUERY, (_m, path: string) => `${path}?[query]`)
    .replace(IPV6_CANDIDATE, (m) => (net.isIPv6(m) ? '[ip]' : m))
    .replace(IPV4, (m) => (net.isIPv4(m) ? '[ip]' : m));
}

const SAFE_KEY = /^[\w.[\]-]{1,40}$/;

/** A request URL for the log: the path (IP addresses blanked) and each query value as its length,
 * e.g. `/api/geocode?address=[24]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = scrubText(q < 0 ? url : url.slice(0, q));
  if (q < 0) return path;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return `${SAFE_KEY.test(key) ? key : '[key]'}=[${value.length}]`;
    });
  return `${path}?${pairs.join('&')}`;
}
