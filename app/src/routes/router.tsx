import type { RouteObject } from "react-router";
import { createBrowserRouter } from "react-router";
import { Shell } from "../components/Shell";
import { lazyPage } from "../lib/lazyPage";
import Home from "./Home";
import { RouteError } from "./RouteError";

// Every page but home is its own chunk, so `/` stays small. A chunk that fails to load is retried
// once and given up after 120 s; the error screen then offers a reload.
const Stakes = lazyPage(() => import("./Stakes"));
const Ido = lazyPage(() => import("./Ido"));
const Swap = lazyPage(() => import("./Swap"));
const Team = lazyPage(() => import("./Team"));
const Invites = lazyPage(() => import("./Invites"));
const Mine = lazyPage(() => import("./Mine"));
const Manager = lazyPage(() => import("./Manager"));
const ManagerTrc = lazyPage(() => import("./ManagerTrc"));
const NotFound = lazyPage(() => import("./NotFound"));

/** The app routes (fixed interface, ARCHITECTURE.md). /manager and /managerTRC redirect non-managers to /. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      {
        // Errors of a page (e.g. its chunk did not load) show inside the shell.
        errorElement: <RouteError />,
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
          { path: "*", element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
