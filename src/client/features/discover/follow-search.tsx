// "Stay up to date" under the results: the calendar, change feed and widget of this very search
// (decision 1000). A chunk of its own, loaded once the page is live: it is below the results, and
// Discover's first file stays within its budget (docs/architecture.md, Performance budgets).
import { useTranslation } from 'react-i18next';
import type { FeedFilters, FeedLanguage } from '../../../shared/discover-params';
import { EmbedButton, embedUrl, FollowLinks, searchFollowUrls } from '../follow';

export default function FollowSearch({ filters, lang }: { filters: FeedFilters; lang: FeedLanguage }) {
  const { t } = useTranslation('discover');
  return (
    <div className="mt-8">
      <FollowLinks
        id="follow-search-heading"
        urls={(origin) => searchFollowUrls(origin, filters, lang)}
        texts={{
          heading: t('follow.heading'),
          addToCalendar: t('follow.addToCalendar'),
          subscribe: t('follow.subscribe'),
          download: t('follow.download'),
          followChanges: t('follow.followChanges'),
        }}
      >
        <EmbedButton
          label={t('follow.embed')}
          url={() => embedUrl(window.location.origin, filters, lang)}
          texts={{
            title: t('follow.embedTitle'),
            description: t('follow.embedDescription'),
            snippetLabel: t('follow.snippetLabel'),
            copy: t('follow.copy'),
            copied: t('follow.copied'),
            copyFailed: t('follow.copyFailed'),
            preview: t('follow.preview'),
            newTab: t('follow.newTab'),
            frameTitle: t('follow.frameTitle'),
          }}
        />
      </FollowLinks>
    </div>
  );
}
