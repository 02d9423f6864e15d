// @vitest-environment jsdom
// The Discover state lives in the URL (decision 0201): discrete changes push a history entry, typing
// replaces the current one, a filter change goes back to page 1, and Reset keeps only the view.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from '../../lib/router';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from './filters';
import { useDiscoverState } from './use-discover-state';

afterEach(cleanup);

function renderState(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ state: useDiscoverState(), location: useLocation(), navigation: useNavigationType() }), {
    wrapper,
  });
}

const query = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('useDiscoverState', () => {
  it('reads every filter, the page and the view from the URL', () => {
    const { result } = renderState(
      '/discover?q=market&category=park&tags=3,7&address=Union+Station&radius=10&days=sat&from=08:00&to=12:00&pay=snap&page=2&view=map',
    );
    expect(result.current.state.filters).toEqual({
      category: 'park',
      search: 'market',
      address: 'Union Station',
      radius: 10,
      tagIds: [3, 7],
      openNow: false,
      inSeason: false,
      days: ['sat'],
      from: 480,
      to: 720,
      pay: ['snap'],
      access: [],
      near: false,
    });
    expect(result.current.state.page).toBe(2);
    expect(result.current.state.view).toBe('map');
  });

  it('ignores bad values in the URL', () => {
    const { result } = renderState('/discover?category=bakery&radius=-3&tags=a,b&page=zero&view=3d');
    expect(result.current.state.filters).toEqual(DEFAULT_FILTERS);
    expect(result.current.state.page).toBe(1);
    expect(result.current.state.view).toBe('list');
  });

  it('a filter change pushes a history entry, goes back to page 1 and keeps the view', () => {
    const { result } = renderState('/discover?q=market&page=3&view=map');
    act(() => result.current.state.setFilters({ category: 'resource', tagIds: [5] }));
    expect(result.current.navigation).toBe('PUSH');
    expect(query(result.current.location.search)).toEqual({
      q: 'market',
      category: 'resource',
      tags: '5',
      view: 'map',
    });
    expect(result.current.state.page).toBe(1);
  });

  it('typing replaces the current entry instead of pushing one', () => {
    const { result } = renderState('/discover');
    act(() => result.current.state.setFilters({ search: 'gar' }, 'replace'));
    expect(result.current.navigation).toBe('REPLACE');
    expect(query(result.current.location.search)).toEqual({ q: 'gar' });
  });

  it('setting a filter back to its default removes it from the URL', () => {
    const { result } = renderState('/discover?category=park&radius=10');
    act(() => result.current.state.setFilters({ category: 'all', radius: DEFAULT_FILTERS.radius }));
    expect(result.current.location.search).toBe('');
  });

  it('pages: page 1 is the bare URL, others are written', () => {
    const { result } = renderState('/discover?q=park');
    act(() => result.current.state.setPage(4));
    expect(query(result.current.location.search)).toEqual({ q: 'park', page: '4' });
    expect(result.current.state.page).toBe(4);
    act(() => result.current.state.setPage(1, 'replace'));
    expect(result.current.navigation).toBe('REPLACE');
    expect(query(result.current.location.search)).toEqual({ q: 'park' });
  });

  it('the view: the list is the bare URL, the map is written', () => {
    const { result } = renderState('/discover?q=park&page=2');
    act(() => result.current.state.setView('map'));
    expect(query(result.current.location.search)).toEqual({ q: 'park', page: '2', view: 'map' });
    act(() => result.current.state.setView('list'));
    expect(query(result.current.location.search)).toEqual({ q: 'park', page: '2' });
  });

  it('two changes made before the first is rendered both stay (a view switch, then a typed search)', () => {
    const { result } = renderState('/discover');
    const { setView, setFilters } = result.current.state;
    act(() => {
      setView('map');
      setFilters({ search: 'orchard' }, 'replace');
    });
    expect(query(result.current.location.search)).toEqual({ view: 'map', q: 'orchard' });
  });

  it('Reset clears every filter and the page but keeps the view', () => {
    const { result } = renderState('/discover?q=market&category=park&tags=3&address=x&radius=10&page=2&view=map');
    act(() => result.current.state.reset());
    expect(query(result.current.location.search)).toEqual({ view: 'map' });
    expect(result.current.state.filters).toEqual(DEFAULT_FILTERS);
  });
});
