import { useTranslation } from 'react-i18next';
import { BulletList, ManageCookiesButton, PageSection, StaticPage, useList } from './page-parts';

export default function TermsPage() {
  const { t } = useTranslation('pages');
  const contributions = useList('terms.contributions.items');
  return (
    <StaticPage title={t('terms.title')} documentTitle={t('terms.documentTitle')} intro={t('terms.intro')}>
      <PageSection title={t('terms.use.title')}>
        <p>{t('terms.use.body')}</p>
      </PageSection>
      <PageSection title={t('terms.contributions.title')}>
        <BulletList items={contributions} />
      </PageSection>
      {(['accuracy', 'acceptableUse', 'thirdParty'] as const).map((k) => (
        <PageSection key={k} title={t(`terms.${k}.title`)}>
          <p>{t(`terms.${k}.body`)}</p>
        </PageSection>
      ))}
      <PageSection title={t('terms.cookies.title')}>
        <p>{t('terms.cookies.body')}</p>
        <ManageCookiesButton />
      </PageSection>
      <PageSection title={t('terms.changes.title')}>
        <p>{t('terms.changes.body')}</p>
      </PageSection>
    </StaticPage>
  );
}
