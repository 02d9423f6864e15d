// The page's main content (<main id="main-content" tabIndex={-1}>, app/layout.tsx): the skip link,
// Alt+1 and any control that disappears from under the keyboard (the cookie banner's buttons, a
// dialog whose opener is gone) send focus here.
export const MAIN_CONTENT_ID = 'main-content';

export function focusMain(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}
