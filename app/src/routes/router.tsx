import { lazy } from "react";
import { type RouteObject, createBrowserRouter } from "react-router";
import { Shell } from "../components/Shell";
import Home from "./Home";

// Every page but home is its own chunk, so `/` stays small.
const Stakes = lazy(() => import("./Stakes"));
const Ido = lazy(() => import("./Ido"));
const Swap = lazy(() => import("./Swap"));
const Team = lazy(() => import("./Team"));
const Invites = lazy(() => import("./Invites"));
const Mine = lazy(() => import("./Mine"));
const Manager = lazy(() => import("./Manager"));
const ManagerTrc = lazy(() => import("./ManagerTrc"));
const NotFound = lazy(() => import("./NotFound"));

/** The app routes (fixed interface, ARCHITECTURE.md). /manager and /managerTRC redirect non-managers to /. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
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
];

export const createAppRouter = () => createBrowserRouter(routes);
