import { afterEach, describe, expect, it, vi } from "vitest";
import { scrollToSection } from "./scroll";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("scrollToSection", () => {
  it("scrolls the section smoothly to the top of the view", () => {
    document.body.innerHTML = '<section id="rules"></section>';
    const target = document.getElementById("rules")!;
    const spy = vi.fn();
    target.scrollIntoView = spy;
    expect(scrollToSection("rules")).toBe(true);
    expect(spy).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
  });

  it("does nothing for an unknown section", () => {
    expect(scrollToSection("missing")).toBe(false);
  });
});
