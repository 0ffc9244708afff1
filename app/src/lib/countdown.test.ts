import { describe, expect, it } from "vitest";
import { countdown } from "./countdown";

describe("countdown", () => {
  it("splits the time left into zero-padded days, hours, minutes, seconds", () => {
    const left = 3 * 86_400 + 4 * 3_600 + 5 * 60 + 6;
    expect(countdown(1_000 + left, 1_000)).toEqual({
      days: "03",
      hours: "04",
      minutes: "05",
      seconds: "06",
      done: false,
    });
  });

  it("handles exact unit boundaries", () => {
    expect(countdown(86_400, 0)).toMatchObject({ days: "01", hours: "00", minutes: "00", seconds: "00" });
    expect(countdown(59, 0)).toMatchObject({ days: "00", minutes: "00", seconds: "59" });
    expect(countdown(3_599, 0)).toMatchObject({ hours: "00", minutes: "59", seconds: "59" });
  });

  it("does not pad beyond two digits when days exceed 99", () => {
    expect(countdown(120 * 86_400, 0).days).toBe("120");
  });

  it("is done (all zero) at and after the target", () => {
    const zero = { days: "00", hours: "00", minutes: "00", seconds: "00", done: true };
    expect(countdown(100, 100)).toEqual(zero);
    expect(countdown(100, 500)).toEqual(zero);
  });

  it("floors fractional seconds", () => {
    expect(countdown(10.9, 0).seconds).toBe("10");
  });
});
