import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n, useTranslation } from "../i18n";
import { useAppStore } from "./store";

afterEach(async () => {
  cleanup();
  act(() => useAppStore.getState().setLang("zh"));
  await i18n.changeLanguage("zh");
});

describe("useTranslation", () => {
  it("re-renders with the language the store switches to", async () => {
    const seen: unknown[] = [];
    function Title() {
      const { t, i18n: instance } = useTranslation();
      seen.push(t);
      return (
        <h1 lang={instance.language}>
          {t("register.title")} {t("common.max")}
        </h1>
      );
    }
    render(<Title />);
    expect(screen.getByRole("heading").textContent).toBe("注册绑定 最大");

    act(() => useAppStore.getState().setLang("en"));
    const heading = await screen.findByText("Register binding Max");
    expect(heading.getAttribute("lang")).toBe("en");
    expect(localStorage.getItem("lang")).toBe("en");

    // `t` changes with the language only (effects depending on it do not rerun on every render).
    const distinct = new Set(seen);
    expect(distinct.size).toBe(2);
  });
});
