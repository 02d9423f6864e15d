// The app's router (decision 0903): React Router's declarative API as this app uses it, with the
// same names, signatures and behaviour, in about 1 KiB instead of 13 KiB gzip. Not here: nested
// routes, relative links, data routers, `state` on history entries.
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

interface Navigator {
  push(path: string): void;
  replace(path: string): void;
  go(delta: number): void;
  /** Where the last navigation went: ahead of the rendered location while a transition renders it. */
  current(): Location;
}

interface RouterValue {
  location: Location;
  navigationType: NavigationType;
  navigator: Navigator;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string | undefined>>>({});

function useRouter(hook: string): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook}() may be used only in the context of a <Router> component.`);
  return router;
}

/** '/a?b=1#c' -> its parts; an empty '?' or '#' is no search or hash. */
function parsePath(path: string): Location {
  let rest = path;
  let hash = '';
  let search = '';
  const h = rest.indexOf('#');
  if (h >= 0) {
    hash = rest.slice(h);
    rest = rest.slice(0, h);
  }
  const q = rest.indexOf('?');
  if (q >= 0) {
    search = rest.slice(q);
    rest = rest.slice(0, q);
  }
  return { pathname: rest || '/', search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

const createPath = ({ pathname, search, hash }: Location) => pathname + search + hash;

/** Where a navigation goes: an absolute path, or a search alone ('?q=1') on the current path. */
function resolve(to: string, from: Location): string {
  return createPath(to.startsWith('?') ? { ...parsePath(to), pathname: from.pathname } : parsePath(to));
}

/** Holds the location and passes each change on as a transition, as React Router does. */
function useHistoryState(initial: () => Location) {
  const [state, setState] = useState<{ location: Location; navigationType: NavigationType }>(() => ({
    location: initial(),
    navigationType: 'POP',
  }));
  const update = useCallback((location: Location, navigationType: NavigationType) => {
    startTransition(() => setState({ location, navigationType }));
  }, []);
  return [state, update] as const;
}

const browserLocation = () => parsePath(window.location.pathname + window.location.search + window.location.hash);

function Router({ value, children }: { value: RouterValue; children: ReactNode }) {
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The browser's address bar and history (main.tsx). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, update] = useHistoryState(browserLocation);
  const navigator = useMemo<Navigator>(
    () => ({
      push(path) {
        try {
          window.history.pushState(null, '', path);
        } catch {
          // Browsers limit how many entries a page may push: load the page instead.
          window.location.assign(path);
          return;
        }
        update(parsePath(path), 'PUSH');
      },
      replace(path) {
        window.history.replaceState(null, '', path);
        update(parsePath(path), 'REPLACE');
      },
      go: (delta) => window.history.go(delta),
      current: browserLocation,
    }),
    [update],
  );
  useLayoutEffect(() => {
    const onPop = () => update(browserLocation(), 'POP');
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [update]);
  const value = useMemo(() => ({ ...state, navigator }), [state, navigator]);
  return <Router value={value}>{children}</Router>;
}

/** A history kept in memory (tests). */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const entries = useRef(initialEntries.map(parsePath));
  const index = useRef(entries.current.length - 1);
  const [state, update] = useHistoryState(() => entries.current[index.current]!);
  const navigator = useMemo<Navigator>(
    () => ({
      push(path) {
        entries.current = [...entries.current.slice(0, index.current + 1), parsePath(path)];
        index.current = entries.current.length - 1;
        update(entries.current[index.current]!, 'PUSH');
      },
      replace(path) {
        entries.current[index.current] = parsePath(path);
        update(entries.current[index.current]!, 'REPLACE');
      },
      go(delta) {
        index.current = Math.min(Math.max(index.current + delta, 0), entries.current.length - 1);
        update(entries.current[index.current]!, 'POP');
      },
      current: () => entries.current[index.current]!,
    }),
    [update],
  );
  const value = useMemo(() => ({ ...state, navigator }), [state, navigator]);
  return <Router value={value}>{children}</Router>;
}

const serverNavigator: Omit<Navigator, 'current'> = {
  push() {
    throw new Error('You cannot navigate on the server.');
  },
  replace() {
    throw new Error('You cannot navigate on the server.');
  },
  go() {
    throw new Error('You cannot navigate on the server.');
  },
};

/** One fixed location (the server renderer, entry-server.tsx). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterValue>(
    () => ({
      location: parsePath(location),
      navigationType: 'POP',
      navigator: { ...serverNavigator, current: () => parsePath(location) },
    }),
    [location],
  );
  return <Router value={value}>{children}</Router>;
}

export interface RouteProps {
  /** '/a', '/a/:param', '/a/*' or '*'. */
  path: string;
  element: ReactNode;
}

/** A route of <Routes>; it renders nothing itself. */
export function Route(_props: RouteProps): ReactNode {
  return null;
}

/** The route's params, matched as React Router's matchPath does, or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  let source = `^${pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    })}`;
  if (pattern.endsWith('*')) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  const m = new RegExp(source, 'i').exec(pathname);
  if (!m) return null;
  const params: Record<string, string> = {};
  for (const [i, name] of names.entries()) params[name] = (m[i + 1] ?? '').replace(/%2F/g, '/');
  return params;
}

/** The path with each segment percent-decoded (a '/' inside one stays encoded), as React Router
 * matches it; left as it is when it is not valid percent-encoding. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** Renders the element of the first <Route> whose path matches the location. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useRouter('useRoutes').location;
  const decoded = decodePath(pathname);
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child)) continue;
    const params = matchPath(child.props.path, decoded);
    if (params) return <ParamsContext.Provider value={params}>{child.props.element}</ParamsContext.Provider>;
  }
  return null;
}

export function useLocation(): Location {
  return useRouter('useLocation').location;
}

export function useNavigationType(): NavigationType {
  return useRouter('useNavigationType').navigationType;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(ParamsContext);
}

export interface NavigateOptions {
  replace?: boolean;
}

/** navigate('/path'), navigate('?search') on the current path, or navigate(-1). */
export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const { location, navigator } = useRouter('useNavigate');
  const { pathname } = location;
  return useCallback(
    (to: string | number, options?: NavigateOptions) => {
      if (typeof to === 'number') {
        navigator.go(to);
        return;
      }
      const path = resolve(to, { pathname, search: '', hash: '' });
      if (options?.replace) navigator.replace(path);
      else navigator.push(path);
    },
    [navigator, pathname],
  );
}

export type SetURLSearchParams = (
  next: URLSearchParams | string | ((prev: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/** The location's search params, and a setter that navigates to new ones on the same path. A
 * function given to the setter receives the params of the last navigation, not of the last render
 * (React Router passes the rendered ones): two changes made before the first is rendered (a view
 * switch still loading its page, then a search typed 300 ms earlier) both stay (decision 0904). */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { pathname, search } = useLocation();
  const { navigator } = useRouter('useSearchParams');
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      const latest = navigator.current();
      const base = new URLSearchParams(latest.pathname === pathname ? latest.search : params);
      const value = new URLSearchParams(typeof next === 'function' ? next(base) : next);
      navigate(`?${value}`, options);
    },
    [navigate, navigator, params, pathname],
  );
  return [params, setParams];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path in this app ('/discover/x?page=2'). */
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link in the app: a real <a href> (it works without JavaScript and opens in a new tab as usual),
 * whose plain left click navigates here instead of loading the page. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { location, navigator } = useRouter('useHref');
  const path = resolve(to, location);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    if (replace ?? createPath(location) === path) navigator.replace(path);
    else navigator.push(path);
  };
  return <a {...rest} href={path} onClick={handleClick} target={target} />;
}
