// The share targets of the Share dialog (docs/product.md section 2): each network's documented share URL,
// opened in a 600x400 window without access back to this page.
import { SHARE_WINDOW_HEIGHT, SHARE_WINDOW_WIDTH } from '../../../shared/constants';

export interface ShareContent {
  /** The page's absolute URL. */
  url: string;
  title: string;
  /** Plain text (no markup): the description. */
  text: string;
}

const SHARE_WINDOW_FEATURES = `width=${SHARE_WINDOW_WIDTH},height=${SHARE_WINDOW_HEIGHT},noopener,noreferrer`;

const enc = encodeURIComponent;

export const facebookShareUrl = ({ url }: ShareContent) => `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`;

export const twitterShareUrl = ({ url, title }: ShareContent) =>
  `https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(title)}`;

export const linkedInShareUrl = ({ url }: ShareContent) =>
  `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`;

/** mailto: with the title as subject and the description plus the link as body. */
export function emailShareUrl({ url, title, text }: ShareContent): string {
  const body = text ? `${text}\n\n${url}` : url;
  return `mailto:?subject=${enc(title)}&body=${enc(body)}`;
}

export function openShareWindow(href: string): void {
  window.open(href, '_blank', SHARE_WINDOW_FEATURES);
}

/** Copies text; the Clipboard API where allowed, else the older selection copy. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}
