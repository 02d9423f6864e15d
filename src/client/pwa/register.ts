// Registers the service worker (decision 0910) once the page has loaded and the browser is idle, so
// it never competes with the first load; workbox-window is fetched then, not with the entry.
let updated = false;

/** True once a new version's service worker has taken over this page: the next change of screen
 * loads the new version (a full load), instead of running on with the old files. */
export function newVersionWaiting(): boolean {
  return updated;
}

/** `alsoThen` runs at the same idle moment, with or without a service worker. */
export function registerServiceWorker(alsoThen: () => void = () => {}): void {
  const supported = import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  const start = () => {
    alsoThen();
    if (!supported) return;
    void import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox('/sw.js', { scope: '/' });
        wb.addEventListener('controlling', (event) => {
          if (event.isUpdate) updated = true;
        });
        return wb.register();
      })
      .catch(() => undefined); // no service worker: the site works as before, online only
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
