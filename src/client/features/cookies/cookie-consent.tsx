// The cookie banner (decision 0901: non-modal, first visit only, a band under the header) and the
// consent dialog, mounted once by the layout; pages call openCookieDialog(). The banner is a
// region, not a dialog: it traps no focus and hides nothing, so everyone can read before deciding.
import { Cookie } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { getConsent, onOpenCookieDialog, saveConsent, useCookieConsent } from '../../lib/consent-store';
import { focusMain } from '../../lib/main-content';

// The dialog (Radix Dialog + Switch) is fetched the first time it opens, not with the first page.
const CookieConsentDialog = lazy(() => import('./cookie-consent-dialog'));

export function CookieConsent() {
  const { t } = useTranslation('cookies');
  const consent = useCookieConsent();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [preferences, setPreferences] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const headingId = useId();

  useEffect(
    () =>
      onOpenCookieDialog((el) => {
        opener.current = el;
        setPreferences(getConsent()?.preferences ?? false);
        setMounted(true);
        setOpen(true);
      }),
    [],
  );

  const decide = (prefs: boolean) => {
    saveConsent(prefs);
    toast({
      title: t('saved.title'),
      description: prefs ? t('saved.withPreferences') : t('saved.essentialOnly'),
    });
  };

  const fromBanner = (prefs: boolean) => {
    decide(prefs);
    // The banner and the button just pressed disappear: keep keyboard users in the page.
    focusMain();
  };

  const openFromBanner = (e: React.MouseEvent<HTMLButtonElement>) => {
    opener.current = e.currentTarget;
    setPreferences(getConsent()?.preferences ?? false);
    setMounted(true);
    setOpen(true);
  };

  return (
    <>
      {consent === null && (
        // A compact band under the header, in the flow of the page (decision 0901): it pushes the
        // page down by a line or two instead of covering the results or the hours, and the server
        // renders it, so it never appears late or moves anything.
        <section
          aria-labelledby={headingId}
          data-testid="cookie-banner"
          className="border-b border-brand-100 bg-brand-50 print:hidden"
        >
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
            <h2 id={headingId} className="sr-only">
              {t('banner.title')}
            </h2>
            {/* One short line, the link on its own: the band must never be the largest paint of the
                first screen, even on a phone above a short place name (decision 0901). */}
            <p className="min-w-0 flex-1 basis-64 text-xs text-gray-800">
              <Cookie aria-hidden="true" className="mr-1.5 inline h-4 w-4 align-[-0.125em] text-brand-700" />
              {t('banner.text')}
            </p>
            <Link to="/cookies" className="text-xs font-medium text-brand-800 underline underline-offset-4">
              {t('banner.learnMore')}
            </Link>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => fromBanner(true)}>
                {t('banner.acceptAll')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => fromBanner(false)}>
                {t('banner.essentialOnly')}
              </Button>
              <Button size="sm" variant="secondary" onClick={openFromBanner}>
                {t('banner.customize')}
              </Button>
            </div>
          </div>
        </section>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <CookieConsentDialog
            open={open}
            onOpenChange={setOpen}
            opener={opener}
            preferences={preferences}
            onPreferencesChange={setPreferences}
            onSave={() => {
              decide(preferences);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
