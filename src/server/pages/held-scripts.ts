// A rendered page's scripts start after its first paint (decision 0915). The page paints from its
// HTML alone (decision 0900); fetched beside it, its scripts were compiled while the browser made
// that paint, on a two-core machine pushing it from ~130 to ~220 ms. The server moves them into a
// template that the page's inline script (public/early-input.js) starts once the paint is on
// screen: on a slowed phone ~0.15 s after they used to be asked for.

/** The template's id; public/early-input.js looks for the same one (a test keeps them equal). */
export const PAGE_SCRIPTS_ID = 'page-scripts';

/** The bundle's entry and every file preloaded for it or for the page's route. */
const SCRIPT_TAG = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/** The page with its module scripts and preloads moved, in their order (the entry first), into a
 * template at the end of its head, followed by `more` (the route's own preloads). A page with
 * none of them is returned as it is. */
export function holdScripts(html: string, more = ''): string {
  const held: string[] = [];
  const rest = html.replace(SCRIPT_TAG, (tag) => {
    held.push(tag.trim());
    return '';
  });
  if (more) held.push(more.trim());
  if (held.length === 0) return html;
  return rest.replace(
    '</head>',
    () => `  <template id="${PAGE_SCRIPTS_ID}">\n    ${held.join('\n    ')}\n  </template>\n  </head>`,
  );
}
