// The Discover card's attributes (decision 0803): an icon (hidden from screen readers) and text for
// each known positive fact, the first few and "+n more"; unknowns and "no" are left to the page.
// Its words are a small namespace of their own in Discover's first load (lib/i18n.ts).
import {
  Accessibility,
  Baby,
  Bike,
  Bus,
  Coins,
  CreditCard,
  Gift,
  type LucideIcon,
  ShoppingBasket,
  SquareParking,
  Ticket,
  Toilet,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlaceAttributes } from '../../../shared/place-attributes';
import { badgeKeys } from './attribute-words';

/** Badges shown before "+n more": a card stays short. */
const MAX_BADGES = 4;

const ICONS: Record<string, LucideIcon> = {
  snap: ShoppingBasket,
  wic: Baby,
  doubleUp: Coins,
  sfmnp: Ticket,
  free: Gift,
  wheelchairYes: Accessibility,
  wheelchairLimited: Accessibility,
  accessibleRestroom: Toilet,
  restroom: Toilet,
  credit: CreditCard,
  busStop: Bus,
  parking: SquareParking,
  bikeParking: Bike,
  everyone: Users,
};

const BADGE = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs';

export function PlaceAttributesBadges({ attributes }: { attributes: PlaceAttributes | undefined }) {
  const { t } = useTranslation('attribute-badges');
  const keys = badgeKeys(attributes ?? {});
  if (keys.length === 0) return null;
  // "+1 more" would take the room of the one badge it hides.
  const shown = keys.length === MAX_BADGES + 1 ? keys : keys.slice(0, MAX_BADGES);
  const more = keys.length - shown.length;
  return (
    <ul aria-label={t('label')} className="flex flex-wrap gap-1.5" data-testid="attribute-badges">
      {shown.map((key) => {
        const Icon = ICONS[key] ?? Users;
        return (
          <li key={key} className={`${BADGE} border-emerald-300 bg-emerald-50 text-emerald-950`}>
            <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
            {t(key)}
          </li>
        );
      })}
      {more > 0 && <li className={`${BADGE} border-gray-300 bg-white text-gray-800`}>{t('more', { count: more })}</li>}
    </ul>
  );
}

/** The same facts as one line of words, every one of them: what a printed list can say (decision 0911). */
export function PlaceAttributesLine({
  attributes,
  className,
}: {
  attributes: PlaceAttributes | undefined;
  className?: string;
}) {
  const { t } = useTranslation('attribute-badges');
  const keys = badgeKeys(attributes ?? {});
  if (keys.length === 0) return null;
  return (
    <p className={className} data-testid="attribute-line">
      {t('label')}: {keys.map((key) => t(key)).join(' · ')}
    </p>
  );
}
