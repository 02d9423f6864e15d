// The cookie banner (non-modal, first visit only) and the cookie consent dialog. Mounted once by
// the layout; pages open the dialog with openCookieDialog(). The banner is a labelled region, not a
// dialog: it does not trap focus or hide the page, so keyboard and screen-reader users can read
// the site before deciding.
import { Cookie } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
        <section
          aria-labelledby={headingId}
          data-testid="cookie-banner"
          className="sticky bottom-0 z-40 border-t border-gray-300 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.12)]"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:gap-6">
            <div className="flex-1">
              <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-gray-900">
                <Cookie aria-hidden="true" className="h-5 w-5 text-brand-700" />
                {t('banner.title')}
              </h2>
              <p className="mt-1 text-sm text-gray-700">
                {t('banner.text')}{' '}
                <Link to="/cookies" className="font-medium text-brand-800 underline underline-offset-4">
                  {t('banner.learnMore')}
                </Link>
              </p>
            </div>
            <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
              <Button onClick={() => fromBanner(true)} className="col-span-2 sm:order-3">
                {t('banner.acceptAll')}
              </Button>
              <Button variant="secondary" onClick={() => fromBanner(false)} className="sm:order-2">
                {t('banner.essentialOnly')}
              </Button>
              <Button variant="secondary" onClick={openFromBanner} className="sm:order-1">
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
