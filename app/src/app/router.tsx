import type { ComponentType } from "react";
import { Route, Switch } from "../lib/router";
import { Shell } from "./shell/Shell";
import { type CataloguePart, loadParts } from "../i18n";
import { lazyPage } from "../lib/lazyPage";
import Home from "../routes/Home";
import { RouteErrorBoundary } from "../components/RouteError";

// Every page but home is its own chunk, so `/` stays small. A chunk that fails to load is retried
// once and given up after 120 s; the error screen then offers a reload.
// A page's catalogue parts (the texts it uses beyond the start catalogue) load with its chunk.
function page(load: () => Promise<{ default: ComponentType }>, parts: CataloguePart[] = []) {
  return lazyPage(async () => (await Promise.all([load(), loadParts(parts)]))[0]);
}

const Stakes = page(() => import("../routes/Stakes"), ["stakes"]);
const Ido = page(() => import("../routes/Ido"), ["ido"]);
const Swap = page(() => import("../routes/Swap"), ["swap"]);
const Team = page(() => import("../routes/Team"), ["team", "stakes"]);
const Invites = page(() => import("../routes/Invites"), ["invites", "team", "stakes"]);
const Mine = page(() => import("../routes/Mine"), ["mine", "rewards"]);
const Manager = page(() => import("../routes/Manager"), ["manager", "governance", "withdrawals"]);
const ManagerTrc = page(() => import("../routes/ManagerTrc"), ["manager", "governance"]);
const Governance = page(() => import("../routes/Governance"), ["governance"]);
const NotFound = lazyPage(() => import("../routes/NotFound"));

/** The app routes (a fixed interface: links and bookmarks rely on them). /manager and /managerTRC redirect non-managers to /. */
export const PAGES: Record<string, ComponentType> = {
  "/": Home,
  "/home": Home,
  "/stakes": Stakes,
  "/ido": Ido,
  "/swap": Swap,
  "/team": Team,
  "/invites": Invites,
  "/mine": Mine,
  "/manager": Manager,
  "/managerTRC": ManagerTrc,
  "/governance": Governance,
};

/** The page for the current location; any other path (`/S` too) is the not-found page. */
export function Pages() {
  return (
    <Switch>
      {Object.entries(PAGES).map(([path, page]) => (
        <Route key={path} path={path} component={page} />
      ))}
      <Route component={NotFound} />
    </Switch>
  );
}

/** The app: the shell around the page, whose errors (e.g. its chunk did not load) show inside the shell. */
export function AppRoutes() {
  return (
    <Shell>
      <RouteErrorBoundary>
        <Pages />
      </RouteErrorBoundary>
    </Shell>
  );
}
