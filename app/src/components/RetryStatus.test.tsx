import * as React from "react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n";
import { AUTO_RETRY_SECONDS, RetryStatus } from "./RetryStatus";

/** A retry the test settles by hand. */
function deferred() {
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

async function tick(seconds: number) {
  for (let i = 0; i < seconds; i++) {
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
  }
}

const status = () => screen.getByRole("status").textContent;
const button = () => screen.getByRole("button") as HTMLButtonElement;

beforeEach(async () => {
  vi.useFakeTimers();
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("RetryStatus (a read whose RPC or API is down)", () => {
  it("counts down, retries by itself, shows that it is retrying, and starts over when the retry fails", async () => {
    const attempts: ReturnType<typeof deferred>[] = [];
    const onRetry = vi.fn(() => {
      const attempt = deferred();
      attempts.push(attempt);
      return attempt.promise;
    });
    render(<RetryStatus onRetry={onRetry} />);
    expect(status()).toBe(`Retrying automatically in ${AUTO_RETRY_SECONDS} s`);
    await tick(3);
    expect(status()).toBe(`Retrying automatically in ${AUTO_RETRY_SECONDS - 3} s`);
    expect(onRetry).not.toHaveBeenCalled();

    await tick(AUTO_RETRY_SECONDS - 3);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(status()).toBe("Retrying…");
    expect(button().disabled).toBe(true);
    // Still down: the retry fails, the countdown starts again and the button is usable.
    await act(async () => attempts[0]!.reject(new Error("HTTP request failed")));
    expect(status()).toBe(`Retrying automatically in ${AUTO_RETRY_SECONDS} s`);
    expect(button().disabled).toBe(false);
    expect(screen.queryByText(/Awaiting/)).toBeNull();
  });

  it("retries at once from the button, and not again while that retry runs", async () => {
    const attempt = deferred();
    const onRetry = vi.fn(() => attempt.promise);
    render(<RetryStatus onRetry={onRetry} />);
    fireEvent.click(button());
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(status()).toBe("Retrying…");
    fireEvent.click(button());
    await tick(AUTO_RETRY_SECONDS + 1);
    expect(onRetry).toHaveBeenCalledTimes(1);
    await act(async () => attempt.resolve());
    expect(status()).toBe(`Retrying automatically in ${AUTO_RETRY_SECONDS} s`);
  });

  it("speaks Chinese by default", async () => {
    await i18n.changeLanguage("zh");
    render(<RetryStatus onRetry={() => new Promise(() => {})} />);
    expect(status()).toBe(`${AUTO_RETRY_SECONDS} 秒后自动重试`);
    fireEvent.click(button());
    expect(status()).toBe("正在重试…");
    expect(button().textContent).toBe("重试");
  });
});

describe("RetryStatus on a page with a ticking clock", () => {
  it("still retries by itself when its parent renders again every half second with a new onRetry", async () => {
    const calls = vi.fn(() => Promise.resolve());
    // A parent like /stakes or /governance: a one-second clock re-renders it, and the retry it passes is a new arrow each time.
    function Ticking() {
      const [, setNow] = React.useState(0);
      React.useEffect(() => {
        const id = setInterval(() => setNow((n) => n + 1), 500);
        return () => clearInterval(id);
      }, []);
      return <RetryStatus onRetry={() => calls()} />;
    }
    render(<Ticking />);
    for (let i = 0; i < AUTO_RETRY_SECONDS * 2 + 1; i++) {
      await act(async () => {
        vi.advanceTimersByTime(500);
      });
    }
    expect(calls).toHaveBeenCalledTimes(1);
  });
});
