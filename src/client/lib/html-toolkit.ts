// What each display sanitiser offers (lib/sanitize-server.ts, lib/sanitize-dom.ts; the rules are
// src/shared/description-rules.ts). A module of its own so the browser's sanitiser chunk does not
// import lib/sanitize.ts, which loads it.

/** The description rules on one side: sanitised HTML (safe for dangerouslySetInnerHTML) and plain
 * text (share texts, previews). */
export interface HtmlToolkit {
  sanitize(html: string): string;
  text(html: string): string;
}
