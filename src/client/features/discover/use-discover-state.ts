// URL-backed Discover state. Discrete changes (category, tags, radius, page, view, chips, Reset)
// push a history entry; typing replaces the current one (callers debounce it).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../lib/router';
import { type DiscoverView, type Filters, PARAM, readFilters, readPage, readView, writeFilters } from './filters';

export interface DiscoverState {
  filters: Filters;
  page: number;
  view: DiscoverView;
  /** Changes some filters (back to page 1). */
  setFilters(patch: Partial<Filters>, mode?: 'push' | 'replace'): void;
  setPage(page: number, mode?: 'push' | 'replace'): void;
  setView(view: DiscoverView): void;
  reset(): void;
}

export function useDiscoverState(): DiscoverState {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const page = readPage(params);
  const view = readView(params);

  const setFilters = useCallback(
    (patch: Partial<Filters>, mode: 'push' | 'replace' = 'push') => {
      setParams(
        (prev) => {
          const next = writeFilters(prev, { ...readFilters(prev), ...patch });
          next.delete(PARAM.page);
          return next;
        },
        { replace: mode === 'replace' },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (p: number, mode: 'push' | 'replace' = 'push') => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (p <= 1) next.delete(PARAM.page);
          else next.set(PARAM.page, String(p));
          return next;
        },
        { replace: mode === 'replace' },
      );
    },
    [setParams],
  );

  const setView = useCallback(
    (v: DiscoverView) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (v === 'list') next.delete(PARAM.view);
        else next.set(PARAM.view, v);
        return next;
      });
    },
    [setParams],
  );

  const reset = useCallback(() => {
    setParams((prev) => {
      const next = new URLSearchParams();
      const v = prev.get(PARAM.view);
      if (v) next.set(PARAM.view, v);
      return next;
    });
  }, [setParams]);

  return { filters, page, view, setFilters, setPage, setView, reset };
}
