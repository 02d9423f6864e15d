// The description a flag report carries (docs/product.md section 5): '<type> issue reported' for types
// other than 'other', the typed description for 'other' (decision 0350), each followed by
// ' - Additional notes: <notes>' when there are notes.
import { ELEMENT_PREVIEW_CHARS, type FlagType } from '../../../shared/constants';
import { FLAG_DESCRIPTION_MAX } from '../../../shared/schemas/flag-report';

export function buildReportDescription(flagType: FlagType, description: string, notes: string): string {
  const base = flagType === 'other' ? description.trim() : `${flagType} issue reported`;
  const extra = notes.trim();
  return extra ? `${base} - Additional notes: ${extra}` : base;
}

/** The server refuses these (docs/product.md section 5): the same check, so the dialog says so first. */
export { containsScriptTag as hasScriptTag } from '../../../shared/schemas/flag-report';

/** Room left in the server's description limit for each of the two texts a person types. */
export const REPORT_TEXT_MAX = Math.floor((FLAG_DESCRIPTION_MAX - ' - Additional notes: '.length) / 2);

/** The first 60 characters of what the element shows (its text, else its alt or label). */
export function elementPreview(el: Element): string {
  const text =
    el.textContent || el.getAttribute('alt') || el.getAttribute('aria-label') || el.getAttribute('title') || '';
  return text.replace(/\s+/g, ' ').trim().slice(0, ELEMENT_PREVIEW_CHARS);
}
