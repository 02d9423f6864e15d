import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../lib/announce';
import { MAIN_CONTENT_ID } from '../lib/main-content';

export const HEADER_NAV_ID = 'site-navigation';

/** Alt+1 focuses the main content, Alt+2 the first link or button of the navigation; each is
 * announced politely (docs/product.md section 2). event.code keeps it working on any keyboard layout. */
export function useKeyboardShortcuts(): void {
  const { t } = useTranslation('common');
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.code === 'Digit1' || e.key === '1') {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
        announce(t('shortcuts.mainFocused'));
      } else if (e.code === 'Digit2' || e.key === '2') {
        const first = document.querySelector<HTMLElement>(`#${HEADER_NAV_ID} a, #${HEADER_NAV_ID} button`);
        if (!first) return;
        e.preventDefault();
        first.focus();
        announce(t('shortcuts.navFocused'));
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [t]);
}
