import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  type RouteObject,
  matchRoutes,
  useLocation,
  useNavigate,
  useRoutes,
  useSearchParams,
} from "./router";

afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
});

const page = (name: string) => <p>page {name}</p>;

function Where() {
  const { pathname, search } = useLocation();
  return <output>{pathname + search}</output>;
}

const routes: RouteObject[] = [
  {
    element: (
      <div>
        <nav>
          <NavLink to="/" end>
            home
          </NavLink>
          <NavLink to="/stakes">stakes</NavLink>
          <Link to="/managerTRC?tab=audit">trc</Link>
        </nav>
        <Where />
        <Outlet />
      </div>
    ),
    children: [
      {
        children: [
          { path: "/", element: page("home") },
          { path: "/stakes", element: page("stakes") },
          { path: "/managerTRC", element: page("trc") },
          { path: "/old", element: <Navigate to="/stakes" replace /> },
          { path: "*", element: page("not found") },
        ],
      },
    ],
  },
];

function App() {
  return useRoutes(routes);
}

describe("matchRoutes", () => {
  it("matches static paths ignoring case and a trailing slash, and falls back to *", () => {
    const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.path;
    expect(leaf("/")).toBe("/");
    expect(leaf("/stakes/")).toBe("/stakes");
    expect(leaf("/managertrc")).toBe("/managerTRC");
    expect(leaf("/stakes/1")).toBe("*");
    expect(leaf("/nope")).toBe("*");
    expect(matchRoutes(routes, "/stakes")).toHaveLength(3); // layout, pathless group, page
    expect(matchRoutes([{ path: "/" }], "/x")).toBeUndefined();
  });
});

describe("routing in the browser history", () => {
  it("renders the page inside its layouts and follows links, back and forward", async () => {
    window.history.replaceState(null, "", "/");
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(screen.getByText("page home")).toBeTruthy();

    fireEvent.click(screen.getByRole("link", { name: "stakes" }));
    expect(screen.getByText("page stakes")).toBeTruthy();
    expect(window.location.pathname).toBe("/stakes");

    fireEvent.click(screen.getByRole("link", { name: "trc" }));
    expect(screen.getByText("page trc")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("/managerTRC?tab=audit");

    // Back: the browser changes the URL and fires popstate.
    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(screen.getByText("page stakes")).toBeTruthy();
  });

  it("leaves modified clicks to the browser", () => {
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    const link = screen.getByRole("link", { name: "stakes" });
    expect(link.getAttribute("href")).toBe("/stakes");
    // Seen after the app's handler: it must not have prevented the browser's new tab. (The listener
    // then stops jsdom, which cannot open one.)
    const prevented: boolean[] = [];
    const listener = (event: MouseEvent) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener("click", listener);
    fireEvent.click(link, { ctrlKey: true });
    window.removeEventListener("click", listener);
    expect(prevented).toEqual([false]);
    expect(window.location.pathname).toBe("/");
    expect(screen.getByText("page home")).toBeTruthy();
  });
});

describe("NavLink", () => {
  it("marks the link of the current page active", () => {
    render(
      <MemoryRouter initialEntries={["/stakes"]}>
        <App />
      </MemoryRouter>,
    );
    const home = screen.getByRole("link", { name: "home" });
    const stakes = screen.getByRole("link", { name: "stakes" });
    expect(stakes.className).toBe("active");
    expect(stakes.getAttribute("aria-current")).toBe("page");
    expect(home.className).toBe(""); // `end`: "/" is not active below it
    expect(home.getAttribute("aria-current")).toBeNull();

    fireEvent.click(home);
    expect(home.className).toBe("active");
    expect(stakes.className).toBe("");
  });
});

describe("Navigate, useNavigate and useSearchParams", () => {
  it("redirects, replacing the history entry", () => {
    function Back() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate(-1)}>
          back
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={["/old"]}>
        <App />
        <Back />
      </MemoryRouter>,
    );
    expect(screen.getByText("page stakes")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "back" }));
    expect(screen.getByText("page stakes")).toBeTruthy(); // /old was replaced: nothing before it
  });

  it("reads and writes the query string of the current path", () => {
    function Tabs() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ tab: "b" }, { replace: true })}>
          tab {params.get("tab") ?? "none"}
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={["/managerTRC?tab=a"]}>
        <Where />
        <Tabs />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: "tab a" }));
    expect(screen.getByRole("button", { name: "tab b" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("/managerTRC?tab=b");
  });

  it("needs a router above its hooks", () => {
    expect(() => render(<Where />)).toThrow(/BrowserRouter/);
  });
});
