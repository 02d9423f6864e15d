// The detail dialog's own tabs (docs/product.md section 2): Contact (the address opens a map search,
// every contact link records the opening's click) and Tags (grouped by tag category, category names
// in capitals, alphabetical; 'No tags available' when there are none).
import { CalendarClock, Globe, type LucideIcon, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { isLinkableWebsite } from '../../../shared/website-host';
import { tagBadgeClass } from '../../lib/category-styles';
import { cn } from '../../lib/cn';
import { withHttps } from '../../lib/sanitize';

const ROW = 'flex items-start gap-2';
const LINK =
  'inline-flex min-h-6 items-center gap-2 break-all text-brand-800 underline underline-offset-4 hover:text-brand-900';

/** One contact line: its icon (hidden from screen readers) beside its text or link. */
function ContactRow({
  icon: Icon,
  className = ROW,
  children,
}: {
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={className}>
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gray-600" />
      {children}
    </li>
  );
}

/** A link that opens in a new tab, saying so to screen readers. */
function NewTabLink({ href, onClick, children }: { href: string; onClick(): void; children: string }) {
  const { t } = useTranslation('location');
  return (
    <a className={LINK} href={href} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {children}
      <span className="sr-only">{t('newTab')}</span>
    </a>
  );
}

export function ContactTab({ location, onClick }: { location: Location; onClick(): void }) {
  const { t } = useTranslation('location');
  const rows = [];
  if (location.address) {
    rows.push(
      <ContactRow key="address" icon={MapPin}>
        <NewTabLink
          href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(location.address)}`}
          onClick={onClick}
        >
          {location.address}
        </NewTabLink>
      </ContactRow>,
    );
  }
  if (location.phone) {
    rows.push(
      <ContactRow key="phone" icon={Phone}>
        <a className={LINK} href={`tel:${location.phone.replace(/[^\d+]/g, '')}`} onClick={onClick}>
          {location.phone}
        </a>
      </ContactRow>,
    );
  }
  if (location.website) {
    rows.push(
      <ContactRow key="website" icon={Globe}>
        {isLinkableWebsite(location.website) ? (
          <NewTabLink href={withHttps(location.website)} onClick={onClick}>
            {location.website}
          </NewTabLink>
        ) : (
          <span className="break-all">{location.website}</span>
        )}
      </ContactRow>,
    );
  }
  if (location.operatingHours) {
    rows.push(
      <ContactRow key="hours" icon={CalendarClock} className={`${ROW} text-sm text-gray-800`}>
        <span>
          <span className="font-medium">{t('dialog.hours')}</span> {location.operatingHours}
        </span>
      </ContactRow>,
    );
  }
  if (!rows.length) return <p className="text-sm text-gray-700">{t('dialog.noContact')}</p>;
  return <ul className="space-y-3 text-sm">{rows}</ul>;
}

export function TagsTab({ location }: { location: Location }) {
  const { t } = useTranslation('location');
  if (!location.tags.length) return <p className="text-sm text-gray-700">{t('dialog.noTags')}</p>;
  const groups = new Map<string, Location['tags']>();
  for (const tag of location.tags) {
    const key = tag.category || 'other';
    groups.set(key, [...(groups.get(key) ?? []), tag]);
  }
  const names = [...groups.keys()]
    .map((key) => ({ key, label: t(`tagCategories.${key}`, { defaultValue: key }).toUpperCase() }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <div className="space-y-4">
      {names.map(({ key, label }) => (
        <section key={key} aria-label={label}>
          <h3 className="text-xs font-semibold tracking-wide text-gray-700">{label}</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {[...(groups.get(key) ?? [])]
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((tag) => (
                <li key={tag.id} className={cn('rounded-full border px-2 py-0.5 text-xs', tagBadgeClass(tag.category))}>
                  {tag.name}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
