// Screenshots for flag reports (docs/product.md section 7): PNG data URLs made by html-to-image,
// which is imported here on demand so it never weighs on the first page. Failures never block a
// report: the caller gets a 1x1 transparent PNG instead.
import {
  SCREENSHOT_ELEMENT_SCALE,
  SCREENSHOT_FULL_PAGE_SCALE,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_PADDING_PX,
} from '../../../shared/constants';

/** A 1x1 transparent PNG: what a report carries when the capture fails. */
const PLACEHOLDER_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A capture that hangs (an image that never loads) must not hold the report up for long. */
const CAPTURE_TIMEOUT_MS = 15_000;

type HtmlToImage = typeof import('html-to-image');
let lib: Promise<HtmlToImage> | null = null;

/** Starts loading the library (called when a report starts); later calls reuse the promise. */
export function loadScreenshotLibrary(): Promise<HtmlToImage> {
  lib ??= import('html-to-image').catch((err) => {
    lib = null;
    throw err;
  });
  return lib;
}

function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  const b64 = dataUrl.length - comma - 1;
  return Math.floor((b64 * 3) / 4);
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('screenshot timed out')), CAPTURE_TIMEOUT_MS);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Runs `shoot(scale)`, halving the scale until the PNG fits the server's limit. */
async function fitting(scale: number, shoot: (scale: number) => Promise<string>): Promise<string> {
  let s = scale;
  for (let i = 0; i < 4; i++) {
    const url = await withTimeout(shoot(s));
    if (url.startsWith('data:image/png;base64,') && dataUrlBytes(url) <= SCREENSHOT_MAX_BYTES) return url;
    s /= 2;
  }
  throw new Error('screenshot too large');
}

function pageBackground(): string {
  const bg = getComputedStyle(document.body).backgroundColor;
  return bg && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent' ? bg : '#ffffff';
}

/** The element at scale 1 with 20 px of padding around it, drawn on a larger canvas. */
export async function captureElement(el: HTMLElement): Promise<string> {
  try {
    const { toCanvas } = await loadScreenshotLibrary();
    const background = pageBackground();
    return await fitting(SCREENSHOT_ELEMENT_SCALE, async (scale) => {
      const inner = await toCanvas(el, { pixelRatio: scale, backgroundColor: background, cacheBust: false });
      const pad = Math.round(SCREENSHOT_PADDING_PX * scale);
      const canvas = document.createElement('canvas');
      canvas.width = inner.width + pad * 2;
      canvas.height = inner.height + pad * 2;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.fillStyle = background;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(inner, pad, pad);
      return canvas.toDataURL('image/png');
    });
  } catch (err) {
    console.warn('Screenshot failed; sending a placeholder', err);
    return PLACEHOLDER_PNG;
  }
}

/** The whole page (document.body) at scale 0.5, leaving out every node `exclude` names. */
export async function captureFullPage(exclude: (node: HTMLElement) => boolean): Promise<string> {
  try {
    const { toPng } = await loadScreenshotLibrary();
    const background = pageBackground();
    const body = document.body;
    return await fitting(SCREENSHOT_FULL_PAGE_SCALE, (scale) =>
      toPng(body, {
        pixelRatio: scale,
        backgroundColor: background,
        // The body is pointer-events:none while a modal is open; none of that belongs in a picture.
        style: { pointerEvents: 'auto' },
        filter: (node) => !(node instanceof HTMLElement && exclude(node)),
      }),
    );
  } catch (err) {
    console.warn('Screenshot failed; sending a placeholder', err);
    return PLACEHOLDER_PNG;
  }
}
