import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The wallet's connection status is the one input mocked; the gate keeps module state, so each test
// loads a fresh copy of it.
const connection = vi.hoisted(() => ({ status: "reconnecting" }));
vi.mock("wagmi", () => ({ useConnection: () => connection }));

async function setup() {
  vi.resetModules();
  const gate = await import("./readGate");
  function Probe() {
    return <p>{gate.useReadGate() ? "open" : "closed"}</p>;
  }
  return { ...gate, Probe };
}

describe("read gate", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    connection.status = "reconnecting";
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("opens once the page has rendered and the wallet has settled, for every reader at once", async () => {
    const { PageShown, Probe } = await setup();
    const { rerender } = render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    expect(screen.getAllByText("closed")).toHaveLength(2);

    rerender(
      <>
        <Probe />
        <Probe />
        <PageShown />
      </>,
    );
    expect(screen.getAllByText("closed")).toHaveLength(2); // still restoring the session

    connection.status = "connected";
    rerender(
      <>
        <Probe />
        <Probe />
        <PageShown />
      </>,
    );
    expect(screen.getAllByText("open")).toHaveLength(2);
  });

  it("stays closed for a settled wallet until the page has rendered", async () => {
    connection.status = "disconnected";
    const { Probe } = await setup();
    render(<Probe />);
    expect(screen.getByText("closed")).toBeTruthy();
  });

  it("opens after GATE_FALLBACK_MS when the wallet never settles", async () => {
    const { GATE_FALLBACK_MS, PageShown, Probe } = await setup();
    render(
      <>
        <Probe />
        <PageShown />
      </>,
    );
    act(() => vi.advanceTimersByTime(GATE_FALLBACK_MS - 1));
    expect(screen.getByText("closed")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText("open")).toBeTruthy();
  });
});
