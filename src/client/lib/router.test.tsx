// @vitest-environment jsdom
// The app's router (decision 0903) behaves as React Router did for what the app uses: matching,
// link clicks (a link to the current URL replaces the entry), and the back button.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchPath,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigationType,
  useParams,
} from './router';

afterEach(cleanup);

describe('matchPath', () => {
  it('matches as React Router does', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/about')).toBeNull();
    expect(matchPath('/about', '/About/')).toEqual({});
    expect(matchPath('/discover/:slug', '/discover/farm-1')).toEqual({ slug: 'farm-1' });
    expect(matchPath('/discover/:slug', '/discover/')).toBeNull();
    expect(matchPath('/discover/:slug', '/discover/a/b')).toBeNull();
    expect(matchPath('/discover/:slug', '/discover/a%2Fb')).toEqual({ slug: 'a/b' });
    expect(matchPath('/admin/*', '/admin')).toEqual({ '*': '' });
    expect(matchPath('/admin/*', '/admin/review/3')).toEqual({ '*': 'review/3' });
    expect(matchPath('/admin/*', '/administrator')).toBeNull();
    expect(matchPath('*', '/x/y')).toEqual({ '*': 'x/y' });
  });
});

function Page({ name }: { name: string }) {
  const location = useLocation();
  const params = useParams();
  const type = useNavigationType();
  return (
    <p data-testid="page">
      {name} {location.pathname}
      {location.search} {JSON.stringify(params)} {type}
    </p>
  );
}

const routes = (
  <Routes>
    <Route path="/" element={<Page name="home" />} />
    <Route path="/discover/:slug" element={<Page name="place" />} />
    <Route path="*" element={<Page name="missing" />} />
  </Routes>
);

describe('Routes', () => {
  it('renders the first matching route with its decoded params', () => {
    render(<MemoryRouter initialEntries={['/discover/caf%C3%A9?x=1']}>{routes}</MemoryRouter>);
    expect(screen.getByTestId('page').textContent).toBe('place /discover/caf%C3%A9?x=1 {"slug":"café"} POP');
  });

  it('renders on the server from a fixed location', () => {
    render(<StaticRouter location="/nowhere?q=1">{routes}</StaticRouter>);
    expect(screen.getByTestId('page').textContent).toBe('missing /nowhere?q=1 {"*":"nowhere"} POP');
  });
});

describe('Link in the browser', () => {
  const app = (
    <BrowserRouter>
      <Link to="/discover/farm">Farm</Link>
      <Link to="/" target="_blank">
        New tab
      </Link>
      {routes}
    </BrowserRouter>
  );

  it('navigates on a plain click, replaces on a click to the current URL, and follows Back', async () => {
    window.history.replaceState(null, '', '/');
    const length = window.history.length;
    render(app);
    const link = screen.getByRole('link', { name: 'Farm' });
    expect(link.getAttribute('href')).toBe('/discover/farm');

    await act(async () => fireEvent.click(link));
    expect(window.location.pathname).toBe('/discover/farm');
    expect(window.history.length).toBe(length + 1);
    expect(screen.getByTestId('page').textContent).toBe('place /discover/farm {"slug":"farm"} PUSH');

    await act(async () => fireEvent.click(link));
    expect(window.history.length).toBe(length + 1);
    expect(screen.getByTestId('page').textContent).toContain('REPLACE');

    await act(async () => {
      window.history.replaceState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('page').textContent).toBe('home / {} POP');
  });

  it('leaves modified clicks and other targets to the browser', () => {
    window.history.replaceState(null, '', '/');
    render(app);
    const modified = fireEvent.click(screen.getByRole('link', { name: 'Farm' }), { ctrlKey: true });
    const blank = fireEvent.click(screen.getByRole('link', { name: 'New tab' }));
    // fireEvent returns false when the handler called preventDefault.
    expect(modified).toBe(true);
    expect(blank).toBe(true);
    expect(window.location.pathname).toBe('/');
  });
});
