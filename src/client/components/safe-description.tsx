import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachineTranslation } from '../lib/use-machine-translation';
import { cn } from '../lib/cn';
import { sanitizeDescription } from '../lib/sanitize';

/** A place's stored description, sanitised on render (lib/sanitize.ts) and shown as rich text. In
 * another language than English it is machine-translated by the place's id (decision 0706; marked
 * so, with a way to see the original). */
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
  const clean = useMemo(() => sanitizeDescription(shown), [shown]);
  if (!clean) return null;
  return (
    <div className={className}>
      <div
        className="max-w-none break-words [&_a]:text-brand-800 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
        lang={translation.translated && !showOriginal ? undefined : 'en'}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeDescription (DOMPurify allow-list)
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
