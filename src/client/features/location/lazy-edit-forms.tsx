// The edit forms of a place's page and of the detail dialog, loaded when Edit is first pointed at
// or pressed: they bring react-hook-form, the zod schemas and the tag picker (about 48 KiB gzip),
// which a visitor reading a page never needs (docs/benchmarks.md, Lighthouse).
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadBoundary } from '../../components/ui/load-boundary';

const loadForm = () => import('../location-form');

export const PageEditForm = lazy(() => loadForm().then((m) => ({ default: m.PageEditForm })));
export const DialogEditForm = lazy(() => loadForm().then((m) => ({ default: m.DialogEditForm })));

/** Starts loading the forms (Edit pointed at or focused), so pressing it rarely waits. */
export function preloadEditForm(): void {
  void loadForm().catch(() => undefined);
}

/** While the form loads: the form's place held, and said to screen readers. */
function EditFormLoading() {
  const { t } = useTranslation('location');
  return (
    <div aria-busy="true" className="space-y-3" data-testid="edit-form-loading">
      <span className="sr-only">{t('loadingForm')}</span>
      <div className="h-10 animate-pulse rounded bg-gray-200" />
      <div className="h-24 animate-pulse rounded bg-gray-200" />
      <div className="h-10 w-1/2 animate-pulse rounded bg-gray-200" />
    </div>
  );
}

/** Where an edit form goes: a placeholder while its file loads, a message if it cannot. */
export function EditFormSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation('location');
  return (
    <LoadBoundary message={t('loadFormFailed')}>
      <Suspense fallback={<EditFormLoading />}>{children}</Suspense>
    </LoadBoundary>
  );
}
