// The cookie banner (non-modal, first visit only) and the cookie consent dialog. Mounted once by
// the layout; pages open the dialog with openCookieDialog(). The banner is a labelled region, not a
// dialog: it does not trap focus or hide the page, so keyboard and screen-reader users can read
// the site before deciding.
import { Cookie } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { getConsent, onOpenCookieDialog, saveConsent, useCookieConsent } from './consent-store';

function focusMain() {
  document.getElementById('main-content')?.focus();
}

export function CookieConsent() {
  const { t } = useTranslation('cookies');
  const consent = useCookieConsent();
  const [open, setOpen] = useState(false);
  const [preferences, setPreferences] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const headingId = useId();
  const switchId = useId();
  const switchHelpId = useId();

  useEffect(
    () =>
      onOpenCookieDialog((el) => {
        opener.current = el;
        setPreferences(getConsent()?.preferences ?? false);
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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          data-testid="cookie-dialog"
          onCloseAutoFocus={(e) => {
            // Radix returns focus to a Dialog.Trigger; this dialog is opened from anywhere, so we
            // return it to whatever opened it (or the main content if that is gone).
            e.preventDefault();
            const el = opener.current;
            opener.current = null;
            if (el?.isConnected) el.focus();
            else focusMain();
          }}
        >
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
          <div className="mt-5 space-y-4">
            <section className="rounded-md border border-gray-200 p-4" aria-labelledby={`${switchId}-essential`}>
              <div className="flex items-start justify-between gap-3">
                <h3 id={`${switchId}-essential`} className="font-semibold text-gray-900">
                  {t('essential.title')}
                </h3>
                <span className="shrink-0 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
                  {t('essential.alwaysOn')}
                </span>
              </div>
              <p className="mt-1 text-sm text-gray-700">{t('essential.summary')}</p>
            </section>
            <section className="rounded-md border border-gray-200 p-4" aria-labelledby={`${switchId}-prefs`}>
              <div className="flex items-start justify-between gap-3">
                <h3 id={`${switchId}-prefs`} className="font-semibold text-gray-900">
                  <label htmlFor={switchId}>{t('preferences.title')}</label>
                </h3>
                <Switch.Root
                  id={switchId}
                  checked={preferences}
                  onCheckedChange={setPreferences}
                  aria-describedby={switchHelpId}
                  data-testid="cookie-preferences-switch"
                  className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent bg-gray-500 transition-colors data-[state=checked]:bg-brand-700"
                >
                  <Switch.Thumb className="block h-6 w-6 translate-x-0 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
                </Switch.Root>
              </div>
              <p id={switchHelpId} className="mt-1 text-sm text-gray-700">
                {t('preferences.summary')}
              </p>
            </section>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('dialog.cancel')}
            </Button>
            <Button
              onClick={() => {
                decide(preferences);
                setOpen(false);
              }}
            >
              {t('dialog.save')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
