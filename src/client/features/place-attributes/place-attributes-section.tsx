// "Payments and access" on the place's page and in its detail dialog (decision 0803): every known
// fact in words, yes and no, by group; languages named in the reader's language. When nothing is
// known, one line says so and invites an edit.
import { Check, Minus, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceAttributes } from '../../../shared/place-attributes';
import { cn } from '../../lib/cn';
import { type Fact, factGroups } from './attribute-words';

const TONE_ICONS = { yes: Check, no: X, partly: Minus } as const;
const TONE_COLOURS = { yes: 'text-emerald-700', no: 'text-gray-600', partly: 'text-amber-700' } as const;

function FactLine({ fact }: { fact: Fact }) {
  const Icon = TONE_ICONS[fact.tone];
  return (
    <li className="flex items-start gap-2">
      <Icon aria-hidden="true" className={cn('mt-0.5 h-4 w-4 shrink-0', TONE_COLOURS[fact.tone])} />
      <span>{fact.text}</span>
    </li>
  );
}

export interface PlaceAttributesSectionProps {
  attributes: PlaceAttributes | undefined;
  /** Opens the place's edit form (the invitation when nothing is known); no button without it. */
  onEdit?: () => void;
  /** The dialog's denser layout. */
  compact?: boolean;
  className?: string;
}

export function PlaceAttributesSection({ attributes, onEdit, compact, className }: PlaceAttributesSectionProps) {
  const { t, i18n } = useTranslation('attributes');
  const headingId = useId();
  const groups = factGroups(attributes ?? {}, t, i18n.language);
  return (
    <section aria-labelledby={headingId} className={className} data-testid="attributes-section">
      <h2
        id={headingId}
        className={cn(
          'font-semibold text-gray-900',
          compact ? 'mb-2 text-sm' : 'mb-3 text-sm uppercase tracking-wide text-gray-700',
        )}
      >
        {t('heading')}
      </h2>
      {groups.length === 0 ? (
        <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-gray-700', compact && 'text-sm')}>
          <span>{t('none')}</span>
          {onEdit && (
            <button
              type="button"
              onClick={onEdit}
              className="inline-flex min-h-10 items-center font-medium text-brand-800 underline underline-offset-4 hover:text-brand-900 print:hidden"
            >
              {t('invite')}
            </button>
          )}
        </p>
      ) : (
        <dl className={cn('grid gap-4', compact ? 'text-sm' : 'sm:grid-cols-2')}>
          {groups.map(({ group, facts }) => (
            <div key={group} className="min-w-0">
              <dt className="text-sm font-medium text-gray-800">{t(`groups.${group}`)}</dt>
              <dd className="mt-1">
                <ul className="space-y-1 text-gray-900">
                  {facts.map((fact) => (
                    <FactLine key={fact.key} fact={fact} />
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
