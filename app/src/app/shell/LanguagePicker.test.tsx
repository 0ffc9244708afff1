import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { OFFERED_LANGS, i18n } from "../../i18n";
import { LANG_NAMES } from "../../i18n/lang";
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
    expect(items.map((item) => item.textContent)).toEqual(OFFERED_LANGS.map((lang) => LANG_NAMES[lang]));
    expect(document.activeElement).toBe(screen.getByRole("menuitemradio", { name: "简体中文" }));
    expect(globe.getAttribute("aria-expanded")).toBe("true");

    fireEvent.keyDown(document.activeElement!, { key: "End" });
    const last = items[items.length - 1]!;
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" }); // wraps to the first
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    fireEvent.click(document.activeElement!);
    expect(useAppStore.getState().lang).toBe(OFFERED_LANGS[OFFERED_LANGS.length - 1]);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(globe);
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
