import {
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";

/**
 * The few react-router pieces the app uses, with the same names and behaviour (react-router's
 * declarative mode alone added 13 kB gzip to `/`): static paths matched case-insensitively and
 * without a trailing slash, `*` for everything else, pathless layout routes rendering an `<Outlet />`.
 * No params, loaders or relative links.
 */
export type RouteObject = { path?: string; element?: ReactNode; children?: RouteObject[] };
export type Location = { pathname: string; search: string; hash: string };
export type NavigateOptions = { replace?: boolean };
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

type History = {
  location(): Location;
  subscribe(listener: () => void): () => void;
  go(to: string, replace: boolean): void;
  back(delta: number): void;
};

function parsePath(path: string): Location {
  const url = new URL(path, "http://x");
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function createHistory(
  read: () => string,
  write: (to: string, replace: boolean) => void,
  back: History["back"],
) {
  const listeners = new Set<() => void>();
  let href = "";
  let current: Location = parsePath("/");
  const notify = () => listeners.forEach((listener) => listener());
  return {
    location() {
      const next = read();
      if (next !== href) [href, current] = [next, parsePath(next)];
      return current;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(to: string, replace: boolean) {
      write(to, replace);
      notify();
    },
    back,
    notify,
  };
}

function browserHistory(): History {
  const history = createHistory(
    () => window.location.pathname + window.location.search + window.location.hash,
    (to, replace) => window.history[replace ? "replaceState" : "pushState"](null, "", to),
    (delta) => window.history.go(delta),
  );
  window.addEventListener("popstate", history.notify);
  return history;
}

function memoryHistory(initial: string): History {
  const entries = [initial];
  let index = 0;
  const history = createHistory(
    () => entries[index]!,
    (to, replace) => {
      if (replace) entries[index] = to;
      else entries.splice(++index, entries.length, to);
    },
    (delta) => {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      history.notify();
    },
  );
  return history;
}

type RouterState = { location: Location; navigate: NavigateFunction };
const RouterContext = createContext<RouterState | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error("router hooks and links need a <BrowserRouter> or <MemoryRouter> above them");
  return router;
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const location = useSyncExternalStore(history.subscribe, history.location, history.location);
  const navigate = useCallback<NavigateFunction>(
    (to, options) => (typeof to === "number" ? history.back(to) : history.go(to, !!options?.replace)),
    [history],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  return <Router history={history}>{children}</Router>;
}

/** For tests: the history lives in memory, starting at `initialEntries[0]`. */
export function MemoryRouter({
  initialEntries = ["/"],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [history] = useState(() => memoryHistory(initialEntries[0] ?? "/"));
  return <Router history={history}>{children}</Router>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;

const normalize = (path: string) => path.replace(/\/+$/, "").toLowerCase() || "/";

/** The layouts and the route that render `pathname`: a static path first, else the first `*`. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteObject[] | undefined {
  const branches: RouteObject[][] = [];
  const walk = (list: RouteObject[], parents: RouteObject[]) => {
    for (const route of list) {
      if (route.children) walk(route.children, [...parents, route]);
      else if (route.path !== undefined) branches.push([...parents, route]);
    }
  };
  walk(routes, []);
  const path = normalize(pathname);
  return (
    branches.find((branch) => branch.at(-1)!.path !== "*" && normalize(branch.at(-1)!.path!) === path) ??
    branches.find((branch) => branch.at(-1)!.path === "*")
  );
}

/** Renders the branch matching the current location: each layout gets the next element as its `<Outlet />`. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const branch = matchRoutes(routes, pathname);
  return (branch ?? []).reduceRight<ReactNode>(
    (outlet, route) => (
      <OutletContext.Provider value={outlet}>{route.element ?? outlet}</OutletContext.Provider>
    ),
    null,
  );
}

export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; replace?: boolean };

/** An `<a href>`: a plain left click navigates in the app; modified clicks and other targets stay the browser's. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== "_self")) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** active only on exactly `to`, not below it */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A Link that gets the `active` class (and aria-current="page") while the location is at `to`. */
export function NavLink({ end, className, ...rest }: NavLinkProps) {
  const path = normalize(useLocation().pathname);
  const target = normalize(rest.to.split(/[?#]/)[0]!);
  const isActive = path === target || (!end && path.startsWith(target === "/" ? "/" : `${target}/`));
  const classes =
    typeof className === "function"
      ? className({ isActive })
      : [className, isActive && "active"].filter(Boolean).join(" ");
  return <Link {...rest} className={classes || undefined} aria-current={isActive ? "page" : undefined} />;
}

type SearchInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const search = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${search ? `?${search}` : ""}${location.hash}`, options);
    },
    [location.pathname, location.hash, navigate],
  );
  return [params, setParams];
}
