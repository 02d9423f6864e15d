// What each display sanitiser offers (lib/sanitize-server.ts in the server renderer,
// lib/sanitize-dom.ts in the browser); the rules they apply are src/shared/description-rules.ts.
// A module of its own so the browser's sanitiser chunk does not import lib/sanitize.ts, which
// loads it.

/** The description rules on one side: sanitised HTML (safe for dangerouslySetInnerHTML) and plain
 * text (share texts, previews). */
export interface HtmlToolkit {
  sanitize(html: string): string;
  text(html: string): string;
}
