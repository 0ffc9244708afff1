import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../i18n";
import { SkeletonLines, ValuePending } from "./Skeleton";

beforeAll(() => i18n.changeLanguage("en"));
afterEach(cleanup);

// A placeholder is one "Loading..." for a screen reader, never its grey shapes one by one.
describe("placeholders", () => {
  it("a value being read is one status named Loading..., inline in its line", () => {
    render(
      <p>
        Price: <ValuePending />
      </p>,
    );
    expect(screen.getByRole("status", { name: "Loading..." }).tagName).toBe("SPAN");
  });

  it("placeholder lines are one status, as many lines as asked", () => {
    render(<SkeletonLines lines={4} />);
    const status = screen.getByRole("status", { name: "Loading..." });
    expect(status.querySelectorAll(".skeleton-line")).toHaveLength(4);
  });
});
