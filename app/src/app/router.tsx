import type { ComponentType } from "react";
import { Route, Switch } from "../lib/router";
import { Shell } from "./shell/Shell";
import { type CataloguePart, loadParts } from "../i18n";
import { lazyPage } from "../lib/lazyPage";
import { PAGE_PARTS } from "./lazyPages";
import Home from "../routes/Home";
import { RouteErrorBoundary } from "../components/RouteError";

// Every page but home is its own chunk, so `/` stays small (lazyPages.ts). A chunk that fails to load is
// retried once and given up after 120 s; the error screen then offers a reload. A page's catalogue parts
// load with its chunk.
function page(load: () => Promise<{ default: ComponentType }>, parts: readonly CataloguePart[]) {
  return lazyPage(async () => (await Promise.all([load(), loadParts(parts)]))[0]);
}

const Stakes = page(() => import("../routes/Stakes"), PAGE_PARTS["/stakes"]);
const Ido = page(() => import("../routes/Ido"), PAGE_PARTS["/ido"]);
const Swap = page(() => import("../routes/Swap"), PAGE_PARTS["/swap"]);
const Team = page(() => import("../routes/Team"), PAGE_PARTS["/team"]);
const Invites = page(() => import("../routes/Invites"), PAGE_PARTS["/invites"]);
const Mine = page(() => import("../routes/Mine"), PAGE_PARTS["/mine"]);
const Manager = page(() => import("../routes/Manager"), PAGE_PARTS["/manager"]);
const ManagerTrc = page(() => import("../routes/ManagerTrc"), PAGE_PARTS["/managerTRC"]);
const Governance = page(() => import("../routes/Governance"), PAGE_PARTS["/governance"]);
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
