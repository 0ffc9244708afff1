import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { OFFERED_LANGS, useTranslation } from "../../i18n";
import { LANG_NAMES, LANG_TAGS, type Lang } from "../../i18n/lang";
import { useAppStore } from "../store";

/**
 * The top bar's language control: a toggle that switches zh <-> en in one tap (from any other language
 * it goes to zh), and beside it a globe button named by the shown language that opens a menu of every
 * offered language, each named in itself. Keyboard: Enter/Space/ArrowDown opens the menu on the shown
 * language, arrows and Home/End move, Enter picks, Escape (or Tab) closes and focus returns to the globe.
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const lang = useAppStore((s) => s.lang);
  const setLang = useAppStore((s) => s.setLang);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const toggleTo: Lang = lang === "zh" ? "en" : "zh";

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>("[role=menuitemradio]") ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const pick = (next: Lang) => {
    setLang(next);
    close(true);
  };

  // Opening focuses the shown language; a press outside closes.
  useEffect(() => {
    if (!open) return;
    (items().find((item) => item.getAttribute("aria-checked") === "true") ?? items()[0])?.focus();
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      list[(move + list.length) % list.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") close(false);
  };

  return (
    <div className="lang-picker" ref={rootRef}>
      <button
        type="button"
        className="lang-button"
        lang={LANG_TAGS[toggleTo]}
        title={t("common.switchLanguage")}
        onClick={() => setLang(toggleTo)}
      >
        {toggleTo}
      </button>
      <button
        ref={buttonRef}
        type="button"
        className="lang-button lang-menu-button"
        aria-label={LANG_NAMES[lang]}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="lang-menu"
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span aria-hidden="true" className="globe" />
        <span aria-hidden="true" className="chevron" />
      </button>
      {open && (
        <ul
          id="lang-menu"
          role="menu"
          aria-label={LANG_NAMES[lang]}
          className="lang-menu"
          ref={menuRef}
          onKeyDown={onMenuKey}
        >
          {OFFERED_LANGS.map((code) => (
            <li role="none" key={code}>
              <button
                type="button"
                role="menuitemradio"
                aria-checked={code === lang}
                lang={LANG_TAGS[code]}
                tabIndex={-1}
                onClick={() => pick(code)}
              >
                {LANG_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
