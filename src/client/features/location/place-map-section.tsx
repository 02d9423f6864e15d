// "On the map" on a place's page: its pin, or for an approximate point (decision 0804) the sentence
// and the area. The map is fetched only when the section reaches the screen; the sentence is in the
// server's page. Directions still use the address (decision 0250).
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { LoadBoundary } from '../../components/ui/load-boundary';
import { cn } from '../../lib/cn';
import { PlaceMap } from '../map';

/** Whether the element has reached the view (at once without IntersectionObserver). On a phone the
 * section starts just below the first screen: the map's chunk, Leaflet's setup and its tiles wait
 * until the person scrolls to it instead of taking the page's first seconds (and a bus's data). */
function useInView<T extends Element>() {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || inView) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setInView(true);
      },
      { rootMargin: '0px' },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, [inView]);
  return { ref, inView };
}

export function PlaceMapSection({ location }: { location: Location }) {
  const { t } = useTranslation('location');
  const { ref, inView } = useInView<HTMLElement>();
  if (location.latitude === null || location.longitude === null) return null;
  return (
    <section
      ref={ref}
      aria-labelledby="location-map-heading"
      // On paper only the sentence of an approximate point is worth its place (the map is not printed).
      className={cn('mt-6 space-y-2', !location.pointApproximate && 'print:hidden')}
      data-testid="location-map"
    >
      <h2 id="location-map-heading" className="text-sm font-semibold uppercase tracking-wide text-gray-700">
        {t('where.heading')}
      </h2>
      {location.pointApproximate && (
        <p className="text-sm font-medium text-gray-900" data-testid="approximate-location">
          {t('where.approximate')}
        </p>
      )}
      <div className="print:hidden">
        {inView ? (
          <LoadBoundary>
            <Suspense
              fallback={
                <p role="status" className="text-sm text-gray-700">
                  {t('where.loading')}
                </p>
              }
            >
              <PlaceMap
                name={location.name}
                lat={location.latitude}
                lng={location.longitude}
                approximate={location.pointApproximate}
              />
            </Suspense>
          </LoadBoundary>
        ) : (
          <div aria-hidden="true" className="h-56 w-full rounded-md border border-gray-200 bg-gray-100 sm:h-64" />
        )}
      </div>
    </section>
  );
}
