import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n";
import { Countdown } from "./Countdown";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("Countdown", () => {
  it("reads dd d hh h mm m ss s, each number kept with its unit (a narrow column never splits them)", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    render(<Countdown targetSec={1_700_000_000 + 86_400 + 2 * 3_600 + 3 * 60 + 4} />);
    const timer = screen.getByRole("timer");
    expect(timer.textContent).toBe("01d 02h 03m 04s");
    // one element per part: styles.css keeps each on one line
    expect([...timer.children].map((part) => part.textContent)).toEqual(["01d", "02h", "03m", "04s"]);
  });
});
