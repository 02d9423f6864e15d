// The phone's Filters button (decision 0906): opens and closes the panel of filters and says how
// many of them are set.
import { SlidersHorizontal } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

export function FiltersToggle({
  buttonRef,
  open,
  panelId,
  setCount,
  onToggle,
}: {
  buttonRef: Ref<HTMLButtonElement>;
  open: boolean;
  panelId: string;
  setCount: number;
  onToggle(): void;
}) {
  const { t } = useTranslation('discover');
  return (
    <Button
      ref={buttonRef}
      variant="secondary"
      className="shrink-0 px-3 aria-expanded:bg-gray-100 md:hidden"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      data-filters-toggle=""
    >
      <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
      {t('filters.toggle')}
      {setCount > 0 && (
        <>
          <span
            aria-hidden="true"
            className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-semibold text-white"
          >
            {setCount}
          </span>
          <span className="sr-only">{t('filters.toggleCount', { count: setCount })}</span>
        </>
      )}
    </Button>
  );
}
