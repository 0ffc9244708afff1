import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryLocation } from "wouter/memory-location";
import { Link, NavLink, Navigate, Router, useLocation, useSearchParams } from "../lib/router";
import { PAGES, Pages } from "./router";

// Each page module stands in as its name; the route table, the lazy loading and the router are real.
vi.mock("../routes/Home", () => ({ default: () => <p>page Home</p> }));
vi.mock("../routes/Stakes", () => ({ default: () => <p>page Stakes</p> }));
vi.mock("../routes/Ido", () => ({ default: () => <p>page Ido</p> }));
vi.mock("../routes/Swap", () => ({ default: () => <p>page Swap</p> }));
vi.mock("../routes/Team", () => ({ default: () => <p>page Team</p> }));
vi.mock("../routes/Invites", () => ({ default: () => <p>page Invites</p> }));
vi.mock("../routes/Mine", () => ({ default: () => <p>page Mine</p> }));
vi.mock("../routes/Manager", () => ({ default: () => <p>page Manager</p> }));
vi.mock("../routes/ManagerTrc", () => ({ default: () => <p>page ManagerTrc</p> }));
vi.mock("../routes/Governance", () => ({ default: () => <p>page Governance</p> }));
vi.mock("../routes/NotFound", () => ({ default: () => <p>page NotFound</p> }));

afterEach(cleanup);

function Where() {
  const [pathname] = useLocation();
  const [params] = useSearchParams();
  return <output>{pathname + (params.size ? `?${params}` : "")}</output>;
}

function at(path: string, children: React.ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Suspense fallback="loading">{children}</Suspense>
    </Router>,
  );
  return location;
}

describe("the app's routes", () => {
  it.each([
    ["/", "Home"],
    ["/home", "Home"],
    ["/stakes", "Stakes"],
    ["/ido", "Ido"],
    ["/swap", "Swap"],
    ["/team", "Team"],
    ["/invites", "Invites"],
    ["/mine", "Mine"],
    ["/manager", "Manager"],
    ["/managerTRC", "ManagerTrc"],
    ["/governance", "Governance"],
    // case and a trailing slash do not matter
    ["/managertrc", "ManagerTrc"],
    ["/Stakes/", "Stakes"],
    // anything else is the not-found page, /S included (spec: it has no page of its own)
    ["/S", "NotFound"],
    ["/stakes/1", "NotFound"],
    ["/nope", "NotFound"],
  ])("%s renders the %s page", async (path, page) => {
    at(path, <Pages />);
    expect(await screen.findByText(`page ${page}`)).toBeTruthy();
  });

  it("are the fixed list of app routes", () => {
    expect(Object.keys(PAGES)).toEqual([
      "/",
      "/home",
      "/stakes",
      "/ido",
      "/swap",
      "/team",
      "/invites",
      "/mine",
      "/manager",
      "/managerTRC",
      "/governance",
    ]);
  });
});

describe("links", () => {
  it("navigate on a plain click and mark the current page's NavLink", async () => {
    const location = at(
      "/",
      <>
        <nav>
          <NavLink to="/">home</NavLink>
          <NavLink to="/managerTRC" className="drawer-item">
            trc
          </NavLink>
          <Link to="/stakes?tab=b">stakes</Link>
        </nav>
        <Where />
        <Pages />
      </>,
    );
    const home = screen.getByRole("link", { name: "home" });
    const trc = screen.getByRole("link", { name: "trc" });
    expect(await screen.findByText("page Home")).toBeTruthy();
    expect(home.className).toBe("active");
    expect(home.getAttribute("aria-current")).toBe("page");
    expect(trc.className).toBe("drawer-item");
    expect(trc.getAttribute("aria-current")).toBeNull();

    fireEvent.click(trc);
    expect(await screen.findByText("page ManagerTrc")).toBeTruthy();
    expect(trc.className).toBe("drawer-item active");
    expect(trc.getAttribute("aria-current")).toBe("page");
    expect(home.className).toBe("");

    fireEvent.click(screen.getByRole("link", { name: "stakes" }));
    expect(await screen.findByText("page Stakes")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("/stakes?tab=b");
    expect(location.history).toEqual(["/", "/managerTRC", "/stakes?tab=b"]);
  });

  it("leave clicks with a modifier key to the browser (a new tab)", () => {
    const location = at("/", <Link to="/stakes">stakes</Link>);
    const link = screen.getByRole("link", { name: "stakes" });
    expect(link.getAttribute("href")).toBe("/stakes");
    // Seen after the app's handler: it must not have prevented the browser's default. (The listener
    // then stops jsdom, which cannot open a tab.)
    const prevented: boolean[] = [];
    const listener = (event: MouseEvent) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener("click", listener);
    fireEvent.click(link, { ctrlKey: true });
    window.removeEventListener("click", listener);
    expect(prevented).toEqual([false]);
    expect(location.history).toEqual(["/"]);
  });
});

describe("Navigate and useSearchParams", () => {
  it("Navigate replace redirects without a history entry", async () => {
    const location = at("/manager", <Navigate to="/" replace />);
    await act(async () => {});
    expect(location.history).toEqual(["/"]);
  });

  it("set the query string of the current path", async () => {
    function Tabs() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ tab: "b" }, { replace: true })}>
          tab {params.get("tab") ?? "none"}
        </button>
      );
    }
    const location = at(
      "/managerTRC?tab=a",
      <>
        <Where />
        <Tabs />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "tab a" }));
    expect(await screen.findByRole("button", { name: "tab b" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("/managerTRC?tab=b");
    expect(location.history).toEqual(["/managerTRC?tab=b"]);
  });
});
