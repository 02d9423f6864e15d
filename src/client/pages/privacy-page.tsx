import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/dates';
import { BulletList, ManageCookiesButton, PageSection, StaticPage, useList } from './page-parts';

export default function PrivacyPage() {
  const { t, i18n } = useTranslation('pages');
  // docs/product.md section 2: today's date is shown as the last-updated date.
  const today = formatDate(new Date(), i18n.language);
  return (
    <StaticPage
      title={t('privacy.title')}
      documentTitle={t('privacy.documentTitle')}
      meta={<span data-testid="privacy-last-updated">{t('privacy.lastUpdated', { date: today })}</span>}
      intro={t('privacy.intro')}
    >
      <PageSection title={t('privacy.collected.title')}>
        <BulletList items={useList('privacy.collected.items')} />
      </PageSection>
      <PageSection title={t('privacy.use.title')}>
        <BulletList items={useList('privacy.use.items')} />
      </PageSection>
      <PageSection title={t('privacy.sharing.title')}>
        <p>{t('privacy.sharing.intro')}</p>
        <BulletList items={useList('privacy.sharing.items')} />
      </PageSection>
      <PageSection title={t('privacy.security.title')}>
        <p>{t('privacy.security.body')}</p>
      </PageSection>
      <PageSection title={t('privacy.choices.title')}>
        <p>{t('privacy.choices.body')}</p>
        <ManageCookiesButton />
      </PageSection>
    </StaticPage>
  );
}
