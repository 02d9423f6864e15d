// Radix Dialog gives focus back to its own Trigger on close; dialogs opened from elsewhere (the
// header's Add Location button, the picker's Manage Tags button) have none, so focus would fall
// to <body>. This remembers the element focused when the dialog opened and returns focus there.
import { useRef } from 'react';

export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  /** Pass as DialogContent's onCloseAutoFocus. */
  return (event: Event) => {
    const el = opener.current;
    if (el?.isConnected) {
      event.preventDefault();
      el.focus();
    }
  };
}
