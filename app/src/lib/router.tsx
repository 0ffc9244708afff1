import type { ComponentProps } from "react";
import { Link, useRoute } from "wouter";

/**
 * Routing is wouter's (https://github.com/molefrog/wouter, about 2.5 kB gzip): paths match ignoring
 * case and a trailing slash, `<Switch>` renders the first `<Route>` that matches (a `<Route>` without
 * a path matches everything). The app imports it from here, with react-router's names for the two
 * pieces its pages use (`Navigate`, `NavLink`), so pages do not depend on the library's spelling.
 */
export {
  Link,
  Redirect as Navigate,
  Route,
  Router,
  Switch,
  useLocation,
  useSearch,
  useSearchParams,
} from "wouter";

/** A Link that gets the `active` class and aria-current="page" while the location is its page. */
export function NavLink({
  className,
  ...rest
}: ComponentProps<typeof Link> & { to: string; className?: string }) {
  const [isActive] = useRoute(rest.to);
  return (
    <Link
      {...rest}
      className={[className, isActive && "active"].filter(Boolean).join(" ") || undefined}
      aria-current={isActive ? "page" : undefined}
    />
  );
}
