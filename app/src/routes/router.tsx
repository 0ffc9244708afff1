import type { ComponentType } from "react";
import { type RouteObject, useRoutes } from "../lib/router";
import { Shell } from "../components/Shell";
import { type CataloguePart, loadParts } from "../i18n";
import { lazyPage } from "../lib/lazyPage";
import Home from "./Home";
import { RouteErrorBoundary } from "./RouteError";

// Every page but home is its own chunk, so `/` stays small. A chunk that fails to load is retried
// once and given up after 120 s; the error screen then offers a reload.
// A page's catalogue parts (the texts it uses beyond the start catalogue) load with its chunk.
function page(load: () => Promise<{ default: ComponentType }>, parts: CataloguePart[] = []) {
  return lazyPage(async () => (await Promise.all([load(), loadParts(parts)]))[0]);
}

const Stakes = page(() => import("./Stakes"), ["stakes"]);
const Ido = page(() => import("./Ido"), ["ido"]);
const Swap = page(() => import("./Swap"), ["swap"]);
const Team = page(() => import("./Team"), ["team", "stakes"]);
const Invites = page(() => import("./Invites"), ["invites", "team", "stakes"]);
const Mine = page(() => import("./Mine"), ["mine", "rewards"]);
const Manager = page(() => import("./Manager"), ["manager", "governance"]);
const ManagerTrc = page(() => import("./ManagerTrc"), ["manager", "governance"]);
const Governance = page(() => import("./Governance"), ["governance"]);
const NotFound = lazyPage(() => import("./NotFound"));

/** The app routes (fixed interface, ARCHITECTURE.md). /manager and /managerTRC redirect non-managers to /. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      {
        // Errors of a page (e.g. its chunk did not load) show inside the shell.
        element: <RouteErrorBoundary />,
        children: [
          { path: "/", element: <Home /> },
          { path: "/home", element: <Home /> },
          { path: "/stakes", element: <Stakes /> },
          { path: "/ido", element: <Ido /> },
          { path: "/swap", element: <Swap /> },
          { path: "/team", element: <Team /> },
          { path: "/invites", element: <Invites /> },
          { path: "/mine", element: <Mine /> },
          { path: "/manager", element: <Manager /> },
          { path: "/managerTRC", element: <ManagerTrc /> },
          { path: "/governance", element: <Governance /> },
          { path: "*", element: <NotFound /> },
        ],
      },
    ],
  },
];

/** The page for the current location (inside `<BrowserRouter>`, see lib/router). */
export function AppRoutes() {
  return useRoutes(routes);
}
