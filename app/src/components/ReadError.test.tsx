import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n";
import { ReadError, ReadPending } from "./ReadError";
import { AUTO_RETRY_SECONDS } from "./RetryStatus";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

/** Two reads on screen, as on a page: each shows its value, or the shared error state. */
function Reads({ a, b }: { a: () => Promise<string>; b: () => Promise<string> }) {
  const first = useQuery({ queryKey: ["a"], queryFn: a, retry: false });
  const second = useQuery({ queryKey: ["b"], queryFn: b, retry: false });
  return (
    <>
      {first.isError ? <ReadError /> : <p>{first.data ?? "…"}</p>}
      <p>{second.data ?? "…"}</p>
    </>
  );
}

describe("ReadError", () => {
  it("says the read failed and Retry reads the failed queries again (not the ones that worked)", async () => {
    const a = vi.fn().mockRejectedValueOnce(new Error("HTTP request failed")).mockResolvedValue("tiers");
    const b = vi.fn().mockResolvedValue("balance");
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Reads a={a} b={b} />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Network error, please check your connection and try again",
    );
    expect(await screen.findByText("balance")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("tiers")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(a).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenCalledTimes(1);
  });
});

/** A multicall read with allowFailure: a dropped request resolves with every call marked failed. */
function Batch({ read }: { read: () => Promise<{ status: string; result?: string }[]> }) {
  const batch = useQuery({ queryKey: ["batch"], queryFn: read, retry: false });
  const [tiers] = batch.data ?? [];
  if (tiers?.status === "failure") return <ReadError />;
  return <p>{tiers?.result ?? "…"}</p>;
}

it("Retry also reads again a multicall batch whose calls failed", async () => {
  const read = vi
    .fn()
    .mockResolvedValueOnce([{ status: "failure" }])
    .mockResolvedValue([{ status: "success", result: "tiers" }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Batch read={read} />
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole("button", { name: "Retry" }));
  expect(await screen.findByText("tiers")).toBeTruthy();
  expect(read).toHaveBeenCalledTimes(2);
});

describe("ReadPending", () => {
  it("is placeholder lines named Loading until the read fails, then the error with a retry", () => {
    const { rerender } = render(
      <QueryClientProvider client={new QueryClient()}>
        <ReadPending isError={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("status", { name: "Loading..." })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <ReadPending isError />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole("status", { name: "Loading..." })).toBeNull();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});

it("reads again by itself after AUTO_RETRY_SECONDS, and the value replaces the error", async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    const a = vi.fn().mockRejectedValueOnce(new Error("HTTP request failed")).mockResolvedValue("tiers");
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Reads a={a} b={async () => "balance"} />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole("status")).textContent).toBe(
      `Retrying automatically in ${AUTO_RETRY_SECONDS} s`,
    );
    for (let i = 0; i < AUTO_RETRY_SECONDS; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(await screen.findByText("tiers")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(a).toHaveBeenCalledTimes(2);
  } finally {
    vi.useRealTimers();
  }
});
