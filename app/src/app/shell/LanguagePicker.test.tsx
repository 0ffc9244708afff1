import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { useAppStore } from "../store";
import { LanguagePicker } from "./LanguagePicker";

afterEach(async () => {
  cleanup();
  act(() => useAppStore.getState().setLang("zh"));
  await i18n.changeLanguage("zh");
});

describe("LanguagePicker", () => {
  it("toggles zh <-> en in one tap and stores the choice", async () => {
    render(<LanguagePicker />);
    fireEvent.click(screen.getByRole("button", { name: "en" }));
    expect(useAppStore.getState().lang).toBe("en");
    expect(localStorage.getItem("lang")).toBe("en");
    fireEvent.click(await screen.findByRole("button", { name: "zh" }));
    expect(useAppStore.getState().lang).toBe("zh");
  });

  it("lists every offered language in itself, the shown one checked, and picks one by keyboard", async () => {
    render(<LanguagePicker />);
    const globe = screen.getByRole("button", { name: "简体中文" });
    expect(globe.getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(globe, { key: "ArrowDown" });
    const items = screen.getAllByRole("menuitemradio");
    // every language whose catalogues are present (all of them), in the picker's order
    expect(items.map((item) => item.textContent)).toEqual([
      "简体中文",
      "繁體中文",
      "English",
      "Tiếng Việt",
      "Bahasa Indonesia",
      "한국어",
      "日本語",
      "ไทย",
    ]);
    expect(items.map((item) => item.getAttribute("lang"))).toEqual([
      "zh-CN",
      "zh-Hant",
      "en",
      "vi",
      "id",
      "ko",
      "ja",
      "th",
    ]);
    expect(document.activeElement).toBe(screen.getByRole("menuitemradio", { name: "简体中文" }));
    expect(globe.getAttribute("aria-expanded")).toBe("true");

    fireEvent.keyDown(document.activeElement!, { key: "End" });
    const last = items[items.length - 1]!;
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" }); // wraps to the first
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    fireEvent.click(document.activeElement!);
    expect(useAppStore.getState().lang).toBe("th");
    expect(localStorage.getItem("lang")).toBe("th");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(globe);
    // the page follows: Thai texts, <html lang>, and the globe named by the shown language
    await waitFor(() => expect(document.documentElement.lang).toBe("th"));
    expect(screen.getByRole("button", { name: "ไทย" })).toBe(globe);
    expect(screen.getByRole("button", { name: "zh" }).title).toBe("เปลี่ยนภาษา");
  });

  it("closes on Escape, giving focus back to the globe, and on a press outside, without a change", () => {
    render(<LanguagePicker />);
    const globe = screen.getByRole("button", { name: "简体中文" });
    fireEvent.click(globe);
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(globe);
    fireEvent.click(globe);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(useAppStore.getState().lang).toBe("zh");
  });

  it("from English the toggle goes back to zh", () => {
    act(() => useAppStore.getState().setLang("en"));
    render(<LanguagePicker />);
    expect(screen.getByRole("button", { name: "zh" })).toBeTruthy();
  });
});
