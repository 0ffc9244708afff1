import { type KeyboardEvent, useEffect, useRef } from "react";
import { useTranslation } from "../i18n";
import { NavLink } from "../lib/router";
import { useIsManager } from "../features/manager/hooks/useIsManager";
import type { I18nKey } from "../i18n/keys";
import { useAppStore } from "../store";

export type MenuItem = {
  label: I18nKey;
  /** An app route, an http(s) URL (opens in a new tab), or undefined for "coming soon". */
  to?: string;
  managerOnly?: boolean;
};

/** Side menu entries (spec section 2). */
export const MENU: readonly MenuItem[] = [
  { label: "nav.home", to: "/" },
  { label: "nav.team", to: "/team" },
  { label: "nav.swap", to: "/swap" },
  { label: "nav.stake" },
  { label: "nav.governance", to: "/governance" },
  { label: "nav.manager", to: "/manager", managerOnly: true },
];

export function SideMenu() {
  const { t } = useTranslation();
  const open = useAppStore((s) => s.showMenu);
  const setOpen = useAppStore((s) => s.setShowMenu);
  const toast = useAppStore((s) => s.toast);
  const { isManager } = useIsManager();
  const close = () => setOpen(false);
  const navRef = useRef<HTMLElement>(null);

  // Keyboard: opening moves focus to the first entry; Escape closes and returns to the menu button.
  useEffect(() => {
    if (open) navRef.current?.querySelector<HTMLElement>(".drawer-item")?.focus();
  }, [open]);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "Escape") return;
    close();
    document.querySelector<HTMLElement>(".menu-button")?.focus();
  };

  return (
    <>
      {open && <div className="drawer-backdrop" onClick={close} aria-hidden="true" />}
      <nav
        id="side-menu"
        ref={navRef}
        onKeyDown={onKeyDown}
        className={`drawer ${open ? "open" : ""}`}
        aria-label={t("nav.menu")}
        hidden={!open}
      >
        <ul>
          {MENU.filter((item) => !item.managerOnly || isManager).map((item) => (
            <li key={item.label}>
              {item.to === undefined ? (
                <button
                  type="button"
                  className="drawer-item"
                  onClick={() => {
                    toast("info", { key: "common.comeSoon" });
                    close();
                  }}
                >
                  {t(item.label)}
                </button>
              ) : item.to.startsWith("http") ? (
                <a
                  className="drawer-item"
                  href={item.to}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={close}
                >
                  {t(item.label)}
                </a>
              ) : (
                <NavLink className="drawer-item" to={item.to} end onClick={close}>
                  {t(item.label)}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
