import { useTranslation } from 'react-i18next';
import {
  LOCAL_STORAGE_ENGAGEMENT_KEY,
  SESSION_STORAGE_SESSION_KEY,
  SESSION_STORAGE_VISIT_KEY,
} from '../../shared/constants';
import { COOKIE_CONSENT_KEY } from '../lib/consent-store';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n';
import { ManageCookiesButton, PageSection, StaticPage } from './page-parts';

interface StoredItem {
  name: string;
  storage: 'session' | 'local';
  purpose: string;
  duration: 'session' | 'untilCleared';
}

// The exact keys this site stores, so the page cannot drift from the code.
const ESSENTIAL: StoredItem[] = [
  { name: SESSION_STORAGE_SESSION_KEY, storage: 'session', purpose: 'sessionId', duration: 'session' },
  { name: SESSION_STORAGE_VISIT_KEY, storage: 'session', purpose: 'visitRecorded', duration: 'session' },
  { name: LOCAL_STORAGE_ENGAGEMENT_KEY, storage: 'local', purpose: 'engagementId', duration: 'untilCleared' },
  { name: COOKIE_CONSENT_KEY, storage: 'local', purpose: 'consent', duration: 'untilCleared' },
];
const PREFERENCES: StoredItem[] = [
  { name: LANGUAGE_STORAGE_KEY, storage: 'local', purpose: 'language', duration: 'untilCleared' },
];

function StoredItems({ items, group }: { items: StoredItem[]; group: 'essential' | 'preferences' }) {
  const { t } = useTranslation('pages');
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item.name} className="rounded-md border border-gray-200 bg-white p-4">
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
            <dt className="font-semibold text-gray-900">{t('cookies.labels.name')}</dt>
            <dd className="break-all font-mono text-gray-900">{item.name}</dd>
            <dt className="font-semibold text-gray-900">{t('cookies.labels.purpose')}</dt>
            <dd className="text-gray-800">{t(`cookies.${group}.items.${item.purpose}`)}</dd>
            <dt className="font-semibold text-gray-900">{t('cookies.labels.storage')}</dt>
            <dd className="text-gray-800">{t(`cookies.storage.${item.storage}`)}</dd>
            <dt className="font-semibold text-gray-900">{t('cookies.labels.duration')}</dt>
            <dd className="text-gray-800">{t(`cookies.duration.${item.duration}`)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export default function CookiesPage() {
  const { t } = useTranslation('pages');
  return (
    <StaticPage title={t('cookies.title')} documentTitle={t('cookies.documentTitle')} intro={t('cookies.intro')}>
      <PageSection title={t('cookies.essential.title')}>
        <p>{t('cookies.essential.body')}</p>
        <StoredItems items={ESSENTIAL} group="essential" />
      </PageSection>
      <PageSection title={t('cookies.preferences.title')}>
        <p>{t('cookies.preferences.body')}</p>
        <StoredItems items={PREFERENCES} group="preferences" />
        <p>{t('cookies.preferences.off')}</p>
      </PageSection>
      <PageSection title={t('cookies.manage.title')}>
        <p>{t('cookies.manage.body')}</p>
        <ManageCookiesButton />
      </PageSection>
    </StaticPage>
  );
}
