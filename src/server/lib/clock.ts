// The server's "now" for answers that depend on the time of day: open now, the next opening or
// closing, in season (decision 0800) and the open intervals kept for the filters (decision 0801).
// Tests pin it with setClock; everything else asks now().
let current: () => Date = () => new Date();

/** The current instant (a new Date each call). */
export function now(): Date {
  return current();
}

/** Pins the clock (tests): a fixed instant, a function, or null for the real time again. */
export function setClock(clock: Date | (() => Date) | null): void {
  if (clock === null) current = () => new Date();
  else if (clock instanceof Date) {
    const fixed = clock.getTime();
    current = () => new Date(fixed);
  } else current = clock;
}
