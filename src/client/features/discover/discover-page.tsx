import { useTranslation } from 'react-i18next';

export function DiscoverPage() {
  const { t } = useTranslation('discover');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-gray-900">{t('title')}</h1>
      <p className="mt-2 text-gray-700">{t('subtitle')}</p>
    </div>
  );
}
