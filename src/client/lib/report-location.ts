// The place a report is about (decision 0351): pages and dialogs that show one place call
// useReportLocation(id) while they are open, and the Report dialog (app/app-dialogs.tsx) takes the
// latest one when it opens. In lib/ so features register a place without importing app/.
import { useEffect } from 'react';

// A stack: a dialog opened over a page wins while it is open.
let stack: number[] = [];

/** Registers the place in view; returns the function that unregisters it. */
function pushReportLocation(id: number): () => void {
  stack = [...stack, id];
  return () => {
    const i = stack.lastIndexOf(id);
    if (i >= 0) stack = [...stack.slice(0, i), ...stack.slice(i + 1)];
  };
}

/** The place a report started now is about, or null. */
export function currentReportLocation(): number | null {
  return stack.at(-1) ?? null;
}

/** While the calling component shows place `id`, reports are about that place. */
export function useReportLocation(id: number | null | undefined): void {
  useEffect(() => {
    if (id == null) return;
    return pushReportLocation(id);
  }, [id]);
}

// The Report dialog lives in app/ (app/app-dialogs.tsx), which features may not import: the
// provider registers how to open it here, and a page's own "report a problem" control calls
// openReportDialog(), exactly as the header's Report Issue does (with the place in view).
let reportOpener: (() => void) | null = null;

/** Called by the app's dialogs provider; returns the function that unregisters it. */
export function registerReportOpener(open: () => void): () => void {
  reportOpener = open;
  return () => {
    if (reportOpener === open) reportOpener = null;
  };
}

/** Opens the Report dialog about the place in view (nothing happens outside the app's provider). */
export function openReportDialog(): void {
  reportOpener?.();
}
