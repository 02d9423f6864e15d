import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachineTranslation } from '../lib/use-machine-translation';
import { cn } from '../lib/cn';
import { loadHtmlToolkit, useHtmlToolkit } from '../lib/sanitize';

const noSubscription = () => () => {};
const inBrowser = typeof document !== 'undefined';

/** A place's stored description, sanitised on render (lib/sanitize.ts) and shown as rich text. In
 * another language than English it is machine-translated by the place's id (decision 0706; marked
 * so, with a way to see the original).
 * Hydrating, it keeps the markup the server sanitised and rendered, without the browser's sanitiser
 * (a chunk of its own): React does not compare or rewrite `dangerouslySetInnerHTML` when it
 * hydrates, so the hydrating render passes an empty string and keeps passing it while the text is
 * the one the server rendered. A text the browser shows afresh (a new card, a translation, the
 * original again) is sanitised by DOMPurify; until that has loaded nothing is shown for a new
 * description, and a hydrated one keeps the server's markup (decision 0902). */
export function SafeDescription({
  html,
  locationId,
  className,
}: {
  html: string | null | undefined;
  locationId: number;
  className?: string;
}) {
  const { t } = useTranslation('translation');
  const [showOriginal, setShowOriginal] = useState(false);
  const translation = useMachineTranslation(html, { locationId, field: 'description' }, 'html');
  const shown = showOriginal ? (html ?? '') : translation.text;
  const toolkit = useHtmlToolkit();
  // True only while hydrating (and on the server, which sanitises synchronously).
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  // The text whose server-rendered markup is in the page, while it is still the one shown.
  const [serverText, setServerText] = useState<string | null>(() => (hydrating && inBrowser ? shown : null));
  if (serverText !== null && serverText !== shown && toolkit) setServerText(null);
  const keepServerMarkup = serverText !== null;
  const clean = useMemo(
    () => (keepServerMarkup || !toolkit ? '' : toolkit.sanitize(shown)),
    [keepServerMarkup, toolkit, shown],
  );
  const waiting = !toolkit && shown !== '' && shown !== serverText;
  useEffect(() => {
    if (waiting) loadHtmlToolkit().catch((err: unknown) => console.warn('Could not load the sanitiser.', err));
  }, [waiting]);
  if (keepServerMarkup ? !serverText : !clean) return null;
  return (
    <div className={className}>
      <div
        className="max-w-none break-words [&_a]:text-brand-800 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
        lang={translation.translated && !showOriginal ? undefined : 'en'}
        // The server's sanitised markup stays while keepServerMarkup (see above).
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeDescription (DOMPurify allow-list) or kept from the server's sanitize-html markup
        dangerouslySetInnerHTML={{ __html: clean }}
      />
      {translation.translated && (
        <p
          className={cn('mt-1 flex flex-wrap items-center gap-x-2 text-xs text-gray-700')}
          data-testid="machine-translated"
        >
          <span>{showOriginal ? t('originalShown') : t('machineTranslated')}</span>
          <button
            type="button"
            className="inline-flex min-h-6 items-center text-brand-800 underline underline-offset-2"
            onClick={(e) => {
              e.stopPropagation();
              setShowOriginal((v) => !v);
            }}
          >
            {showOriginal ? t('showTranslation') : t('showOriginal')}
          </button>
        </p>
      )}
    </div>
  );
}
