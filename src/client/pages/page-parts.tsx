// Building blocks of the static pages (about, privacy, terms, cookies, 404): one h1 per page, h2
// sections, a readable line length, and the document title kept in step with the server's <head>.
import { Cookie } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { openCookieDialog } from '../lib/consent-store';

/** Sets document.title to '<page> | KC Green Directory' (translated) while the page is shown. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation('pages');
  const title = t('titleTemplate', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function StaticPage({
  title,
  documentTitle,
  intro,
  meta,
  children,
}: {
  title: string;
  documentTitle: string;
  intro?: ReactNode;
  meta?: ReactNode;
  children?: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8 border-b border-gray-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
        {meta && <p className="mt-2 text-sm text-gray-700">{meta}</p>}
        {intro && <p className="mt-4 text-lg leading-relaxed text-gray-800">{intro}</p>}
      </header>
      <div className="space-y-10">{children}</div>
    </article>
  );
}

export function PageSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="mb-3 text-2xl font-semibold text-gray-900">
        {title}
      </h2>
      <div className="space-y-3 leading-relaxed text-gray-800">{children}</div>
    </section>
  );
}

export function BulletList({ items, ordered }: { items: string[]; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={`${ordered ? 'list-decimal' : 'list-disc'} space-y-2 pl-6 marker:text-brand-700`}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </List>
  );
}

/** A translated string list from the catalog (returnObjects). */
export function useList(key: string): string[] {
  const { t } = useTranslation('pages');
  const v = t(key, { returnObjects: true }) as unknown;
  return Array.isArray(v) ? (v as string[]) : [];
}

export function ManageCookiesButton() {
  const { t } = useTranslation('pages');
  return (
    <Button variant="secondary" onClick={() => openCookieDialog()} data-testid="manage-cookies">
      <Cookie aria-hidden="true" className="h-4 w-4" />
      {t('manageCookies')}
    </Button>
  );
}
