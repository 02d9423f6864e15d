// The page is live: <html data-hydrated> says the app handles input from now on. public/early-input.js
// replays the taps it kept until then (decision 0904), and the end-to-end tests wait for it.

export function markLive(): void {
  document.documentElement.dataset.hydrated = 'true';
}
