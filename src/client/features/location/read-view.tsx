// The one read view of a place, for its page and the detail dialog (docs/product.md section 2): the
// category badge and tabs. The dialog adds its Contact and Tags tabs and shows the parts denser
// (`compact`), keeping its own few words ('Status:', 'Last updated:', its empty texts).
import { CalendarDays, ExternalLink } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { SafeDescription } from '../../components/safe-description';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { categoryBadgeClass } from '../../lib/category-styles';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import { withHttps } from '../../lib/sanitize';
import type { Engagement } from './api';

export type ReadTab = 'about' | 'contact' | 'reach' | 'tags' | 'details';

/** The tab in view, and whether reach has been opened (its counts load when it first opens). */
export function useReadTabs() {
  const [tab, setTab] = useState<ReadTab>('about');
  const [reachOpened, setReachOpened] = useState(false);
  const onTabChange = useCallback((value: string) => {
    setTab(value as ReadTab);
    if (value === 'reach') setReachOpened(true);
  }, []);
  const reset = useCallback(() => setTab('about'), []);
  return { tab, onTabChange, reachOpened, reset };
}
type ReadTabs = ReturnType<typeof useReadTabs>;

export function CategoryBadge({ category, compact }: { category: string; compact?: boolean }) {
  const { t } = useTranslation('location');
  return (
    <span
      className={cn(
        'rounded-full border font-medium',
        compact ? 'px-2 py-0.5 text-xs' : 'inline-block px-3 py-1 text-sm',
        categoryBadgeClass(category),
      )}
    >
      {t(`categories.${category}`, { defaultValue: category })}
    </span>
  );
}

// Tailwind needs whole class names: the grid has one column per tab.
const GRID_COLS: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4', 5: 'grid-cols-5' };

interface ReadViewProps {
  location: Location;
  tabs: ReadTabs;
  /** The reach numbers: null while they load. */
  engagement: Engagement | null;
  /** The dialog's denser layout. */
  compact?: boolean;
  /** The dialog's Contact and Tags tabs; the page shows these outside the tabs. */
  contact?: ReactNode;
  tagsPanel?: ReactNode;
}

export function LocationReadView({ location, tabs, engagement, compact, contact, tagsPanel }: ReadViewProps) {
  const { t } = useTranslation('location');
  const isResource = location.category === 'resource';
  const count = 2 + (contact ? 1 : 0) + (tagsPanel ? 1 : 0) + (isResource ? 1 : 0);
  const trigger = compact ? 'px-1 text-xs sm:text-sm' : undefined;
  return (
    <Tabs value={tabs.tab} onValueChange={tabs.onTabChange} className={compact ? 'mt-4' : undefined}>
      {/* docs/product.md section 2: one column per tab (page 3 with Details, else 2; dialog 5 or 4). */}
      <TabsList className={GRID_COLS[count]} aria-label={compact ? t('tabs.label') : undefined}>
        <TabsTrigger value="about" className={trigger}>
          {compact ? t('dialog.aboutTab') : t('tabs.about')}
        </TabsTrigger>
        {contact && (
          <TabsTrigger value="contact" className={trigger}>
            {t('tabs.contact')}
          </TabsTrigger>
        )}
        <TabsTrigger value="reach" className={trigger}>
          {t('tabs.reach')}
        </TabsTrigger>
        {tagsPanel && (
          <TabsTrigger value="tags" className={trigger}>
            {t('tabs.tags')}
          </TabsTrigger>
        )}
        {isResource && (
          <TabsTrigger value="details" className={trigger}>
            {t('tabs.details')}
          </TabsTrigger>
        )}
      </TabsList>
      <TabsContent value="about">
        <AboutPanel location={location} compact={compact} />
      </TabsContent>
      {contact && <TabsContent value="contact">{contact}</TabsContent>}
      <TabsContent value="reach">
        <ReachPanel location={location} engagement={engagement} compact={compact} />
      </TabsContent>
      {tagsPanel && <TabsContent value="tags">{tagsPanel}</TabsContent>}
      {isResource && (
        <TabsContent value="details">
          <DetailsPanel location={location} compact={compact} />
        </TabsContent>
      )}
    </Tabs>
  );
}

function AboutPanel({ location, compact }: { location: Location; compact?: boolean }) {
  const { t } = useTranslation('location');
  if (location.description) {
    return (
      <SafeDescription
        html={location.description}
        locationId={location.id}
        className={compact ? 'text-sm text-gray-800' : 'text-gray-900'}
      />
    );
  }
  return (
    <p className={cn('text-gray-700', compact && 'text-sm')}>
      {compact ? t('dialog.noDescription') : t('noDescription')}
    </p>
  );
}

function Stat({ label, value, testId, compact }: { label: string; value: string; testId?: string; compact?: boolean }) {
  return (
    <div
      className={compact ? 'rounded-md border border-gray-200 p-3' : 'rounded-lg border border-gray-200 bg-gray-50 p-4'}
    >
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className={cn('text-2xl text-gray-900', compact ? 'font-semibold' : 'font-bold')} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ReachPanel({
  location,
  engagement,
  compact,
}: {
  location: Location;
  engagement: Engagement | null;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('location');
  const number = (n: number | undefined) => (n === undefined ? '…' : n.toLocaleString(i18n.language));
  const updated = formatDate(location.updatedAt, i18n.language);
  if (compact && !engagement) {
    return (
      <p role="status" className="text-sm text-gray-700">
        {t('dialog.reachLoading')}
      </p>
    );
  }
  return (
    <dl
      className={cn('grid gap-3', compact ? 'grid-cols-2' : 'sm:grid-cols-3')}
      aria-busy={engagement ? undefined : 'true'}
    >
      <Stat label={t('reach.views')} value={number(engagement?.totalViews)} testId="total-views" compact={compact} />
      <Stat label={t('reach.clicks')} value={number(engagement?.totalClicks)} testId="total-clicks" compact={compact} />
      {compact ? (
        <div className="col-span-2 text-sm text-gray-700">
          <dt className="inline">{t('dialog.updated')}</dt> <dd className="inline">{updated}</dd>
        </div>
      ) : (
        <Stat label={t('reach.updated')} value={updated} />
      )}
    </dl>
  );
}

const linkButton = 'inline-flex min-h-10 items-center gap-2 rounded-md px-4 py-2 text-sm font-medium';

function DetailsPanel({ location, compact }: { location: Location; compact?: boolean }) {
  const { t, i18n } = useTranslation('location');
  const active = location.status === 'active';
  const term = compact ? 'font-medium' : 'text-sm text-gray-700';
  const value = compact ? '' : 'font-medium text-gray-900';
  const deadline = formatDate(location.deadline, i18n.language);
  return (
    <div className={cn(compact && 'text-sm text-gray-800')}>
      <dl className={compact ? 'space-y-4' : 'grid gap-4 sm:grid-cols-2'}>
        <div className={cn(compact && 'flex items-center gap-2')}>
          <dt className={term}>{compact ? t('dialog.status') : t('details.status')}</dt>
          <dd className={cn('flex items-center gap-2', value)}>
            <span
              aria-hidden="true"
              className={cn(
                'inline-block rounded-full',
                compact ? 'h-2.5 w-2.5' : 'h-3 w-3',
                active ? 'bg-green-600' : 'bg-red-600',
              )}
            />
            {active ? t('statuses.active') : t('statuses.expired')}
          </dd>
        </div>
        {/* The page always shows the row ('No deadline'); the dialog only a deadline it has. */}
        {(deadline || !compact) && (
          <div className={cn(compact && 'flex items-center gap-1')}>
            <dt className={term}>{compact ? t('dialog.deadline') : t('details.deadline')}</dt>
            <dd className={cn('flex items-center gap-2', value)}>
              {!compact && <CalendarDays aria-hidden="true" className="h-4 w-4 text-brand-800" />}
              {deadline || t('details.noDeadline')}
            </dd>
          </div>
        )}
      </dl>
      {(location.registrationLink || location.faqLink) && (
        <div className={cn('mt-4 flex flex-wrap', compact ? 'gap-2' : 'gap-3')}>
          {location.registrationLink && (
            <a
              href={withHttps(location.registrationLink)}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(linkButton, 'bg-brand-700 text-white hover:bg-brand-800')}
            >
              {compact ? t('dialog.register') : t('details.register')}
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">{t('newTab')}</span>
            </a>
          )}
          {location.faqLink && (
            <a
              href={withHttps(location.faqLink)}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(linkButton, 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-100')}
            >
              {t('details.faq')}
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">{t('newTab')}</span>
            </a>
          )}
        </div>
      )}
    </div>
  );
}
