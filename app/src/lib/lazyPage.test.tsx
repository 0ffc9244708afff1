import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { memoryLocation } from "wouter/memory-location";
import { Link, Route, Router, Switch } from "./router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n";
import { RouteErrorBoundary } from "../components/RouteError";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyPage, loadChunk } from "./lazyPage";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe("loadChunk", () => {
  it("gives up after 120 s with a ChunkLoadError", async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const load = vi.fn(() => new Promise<never>(() => {}));
    const result = loadChunk(load);
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("retries a failed load once", async () => {
    const module = { default: "page" };
    const load = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(module);
    await expect(loadChunk(load)).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("rejects with the last failure as the cause when the retry fails too", async () => {
    const cause = new TypeError("Failed to fetch dynamically imported module");
    const load = vi.fn(() => Promise.reject(cause));
    const err = await loadChunk(load).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as Error).cause).toBe(cause);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("a route whose chunk does not load", () => {
  it("shows a clear message and a reload button inside the page area", async () => {
    const Broken = lazyPage<object>(() =>
      Promise.reject<{ default: () => null }>(new TypeError("Failed to fetch dynamically imported module")),
    );
    render(
      <Router hook={memoryLocation({ path: "/" }).hook}>
        <Link to="/other">other</Link>
        <RouteErrorBoundary>
          <Switch>
            <Route path="/">
              <Suspense fallback="loading">
                <Broken />
              </Suspense>
            </Route>
            <Route path="/other">
              <p>other page</p>
            </Route>
          </Switch>
        </RouteErrorBoundary>
      </Router>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This page failed to load. Please check your connection and reload.",
    );
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();

    // The error belongs to that page: navigating elsewhere renders the next page.
    fireEvent.click(screen.getByRole("link", { name: "other" }));
    expect(await screen.findByText("other page")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
