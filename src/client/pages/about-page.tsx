import { Home, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDialogs } from '../app/app-dialogs';
import { Button, LinkButton } from '../components/ui/button';
import { BulletList, PageSection, StaticPage, useList } from './page-parts';

export default function AboutPage() {
  const { t } = useTranslation('pages');
  const { openAddLocation } = useAppDialogs();
  return (
    <StaticPage title={t('about.title')} documentTitle={t('about.documentTitle')} intro={t('about.intro')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['mission', 'vision'] as const).map((k) => (
          <PageSection key={k} title={t(`about.${k}.title`)} testId={`about-${k}`}>
            <p className="rounded-md border-l-4 border-brand-700 bg-brand-50 px-4 py-3 text-lg font-semibold text-brand-900">
              {t(`about.${k}.lead`)}
            </p>
            <p>{t(`about.${k}.body`)}</p>
          </PageSection>
        ))}
      </div>
      <PageSection title={t('about.whatWeDo.title')}>
        <p>{t('about.whatWeDo.intro')}</p>
        <BulletList items={useList('about.whatWeDo.items')} />
      </PageSection>
      <PageSection title={t('about.howItWorks.title')}>
        <BulletList ordered items={useList('about.howItWorks.steps')} />
      </PageSection>
      {/* Calendars, change feeds, the widget and the HSDS API (decision 1000). */}
      <PageSection title={t('about.followUs.title')} testId="about-follow">
        <p>{t('about.followUs.intro')}</p>
        <BulletList items={useList('about.followUs.items')} />
      </PageSection>
      <PageSection title={t('about.join.title')}>
        <p>{t('about.join.body')}</p>
        <div className="flex flex-col gap-2 pt-2 sm:flex-row">
          <Button onClick={openAddLocation}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('about.join.addLocation')}
          </Button>
          <LinkButton to="/" icon={Home} variant="secondary">
            {t('returnHome')}
          </LinkButton>
        </div>
      </PageSection>
    </StaticPage>
  );
}
