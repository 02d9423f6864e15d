// The page is live: <html data-hydrated> says the app handles input from now on. public/early-input.js
// replays the taps it kept until then (decision 0904), and the end-to-end tests wait for it.

let hydrating = false;

/** main.tsx calls it before hydrating a server-rendered page: until it is live, a component's first
 * render must be the server's. */
export function startHydrating(): void {
  hydrating = true;
}

export function isHydrating(): boolean {
  return hydrating;
}

export function markLive(): void {
  hydrating = false;
  document.documentElement.dataset.hydrated = 'true';
}
