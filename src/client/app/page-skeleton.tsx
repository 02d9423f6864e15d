import { useTranslation } from 'react-i18next';

/** Shown while a page's code loads. */
export function PageSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto max-w-5xl animate-pulse space-y-4 p-6" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      <div className="h-8 w-1/2 rounded bg-gray-200" />
      <div className="h-4 w-3/4 rounded bg-gray-200" />
      <div className="h-40 rounded bg-gray-200" />
    </div>
  );
}
