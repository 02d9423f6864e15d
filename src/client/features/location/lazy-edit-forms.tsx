// The edit forms of a place's page and of the detail dialog, from features/location-form, loaded when
// Edit is first pointed at or pressed: they bring react-hook-form, the shared zod schemas and the tag
// picker (about 48 KiB gzip with the schemas), which a place's page read by a visitor never needs
// (docs/benchmarks.md, Lighthouse).
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

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

/** The form's file could not be fetched (offline, or a new version of the site replaced it): say so
 * and offer a reload. Nothing is lost: the form had not been shown yet. */
function EditFormFailed() {
  const { t } = useTranslation('location');
  return (
    <div role="alert" className="space-y-3">
      <p className="text-red-800">{t('loadFormFailed')}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('reloadPage')}
      </Button>
    </div>
  );
}

class EditFormBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <EditFormFailed /> : this.props.children;
  }
}

/** Where an edit form goes: a placeholder while its file loads, a message if it cannot. */
export function EditFormSlot({ children }: { children: ReactNode }) {
  return (
    <EditFormBoundary>
      <Suspense fallback={<EditFormLoading />}>{children}</Suspense>
    </EditFormBoundary>
  );
}
