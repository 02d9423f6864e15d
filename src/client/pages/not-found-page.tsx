import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../components/ui/button';
import { useDocumentTitle } from './page-parts';

/** Unknown paths (the server answers them with HTTP 404 and this same client). */
export default function NotFoundPage() {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('notFound.documentTitle'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mt-4 text-lg text-gray-800">{t('notFound.body')}</p>
      <LinkButton to="/discover" icon={Search} className="mt-8">
        {t('notFound.back')}
      </LinkButton>
    </div>
  );
}
