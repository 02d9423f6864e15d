import { Switch } from 'radix-ui';
import { type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { focusMain } from '../../lib/main-content';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The control that opened the dialog: focus returns there on close. */
  opener: RefObject<HTMLElement | null>;
  preferences: boolean;
  onPreferencesChange(value: boolean): void;
  onSave(): void;
}

/** The cookie consent dialog: essential cookies (always on) and preference cookies (a switch). */
export default function CookieConsentDialog({
  open,
  onOpenChange,
  opener,
  preferences,
  onPreferencesChange,
  onSave,
}: Props) {
  const { t } = useTranslation('cookies');
  const switchId = useId();
  const switchHelpId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
                onCheckedChange={onPreferencesChange}
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
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={onSave}>{t('dialog.save')}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
