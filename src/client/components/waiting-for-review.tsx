// The mark on a place its own author sees while it waits for review (decision 0403): on the card and
// on the page, with a sentence saying that nobody else sees it yet.
import { useTranslation } from 'react-i18next';
import type { Location } from '../../shared/schemas/location';

export function WaitingForReview({
  location,
  detailed = false,
}: {
  location: Pick<Location, 'review'>;
  detailed?: boolean;
}) {
  const { t } = useTranslation('common');
  if (location.review !== 'pending') return null;
  return (
    <div className="flex flex-col gap-1" data-testid="waiting-for-review">
      <span className="inline-flex w-fit items-center rounded-full border border-amber-400 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
        {t('review.waiting')}
      </span>
      {detailed && <p className="text-sm text-gray-800">{t('review.onlyYou')}</p>}
    </div>
  );
}
