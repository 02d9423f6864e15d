import { useTranslation } from 'react-i18next';
import { NotFoundNotice } from '../components/not-found-notice';
import { useDocumentTitle } from './page-parts';

/** Unknown paths (the server answers them with HTTP 404 and this same client). */
export default function NotFoundPage() {
  const { t } = useTranslation('pages', { keyPrefix: 'notFound' });
  useDocumentTitle(t('documentTitle'));
  return <NotFoundNotice look="page" title={t('title')} body={t('body')} backLabel={t('back')} />;
}
