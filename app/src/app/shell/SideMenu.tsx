import { type KeyboardEvent, useEffect, useRef } from "react";
import { useTranslation } from "../../i18n";
import { NavLink } from "../../lib/router";
import { useIsManager } from "../../features/admin/hooks/useIsManager";
import type { I18nKey } from "../../i18n/keys";
import { useAppStore } from "../store";

export type MenuItem = {
  label: I18nKey;
  /** An app route, or an http(s) URL (opens in a new tab). */
  to: string;
  managerOnly?: boolean;
  /** Also in the bottom navigation bar shown on phones. */
  tab?: boolean;
};

/** Side menu entries: home, team, swap and stake first, then every other page. */
export const MENU: readonly MenuItem[] = [
  { label: "nav.home", to: "/", tab: true },
  { label: "nav.team", to: "/team", tab: true },
  { label: "nav.swap", to: "/swap", tab: true },
  { label: "nav.stake", to: "/stakes", tab: true },
  { label: "nav.ido", to: "/ido", tab: true },
  { label: "nav.invites", to: "/invites" },
  { label: "nav.mine", to: "/mine" },
  { label: "nav.governance", to: "/governance" },
  { label: "nav.manager", to: "/manager", managerOnly: true },
  { label: "nav.managerTrc", to: "/managerTRC", managerOnly: true },
];

/** The menu entries the connected account may open. */
function useMenu(): readonly MenuItem[] {
  const { isManager } = useIsManager();
  return MENU.filter((item) => !item.managerOnly || isManager);
}

function MenuLink({ item, className, onClick }: { item: MenuItem; className: string; onClick?(): void }) {
  const { t } = useTranslation();
  return item.to.startsWith("http") ? (
    <a className={className} href={item.to} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {t(item.label)}
    </a>
  ) : (
    <NavLink className={className} to={item.to} onClick={onClick}>
      {t(item.label)}
    </NavLink>
  );
}

export function SideMenu() {
  const { t } = useTranslation();
  const open = useAppStore((s) => s.showMenu);
  const setOpen = useAppStore((s) => s.setShowMenu);
  const menu = useMenu();
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
          {menu.map((item) => (
            <li key={item.label}>
              <MenuLink item={item} className="drawer-item" onClick={close} />
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** Phones: the main pages in a bar fixed to the bottom of the screen (hidden from 768 px). */
export function BottomNav() {
  const { t } = useTranslation();
  const setOpen = useAppStore((s) => s.setShowMenu);
  return (
    <nav className="bottom-nav" aria-label={t("nav.main")}>
      {MENU.filter((item) => item.tab).map((item) => (
        <MenuLink key={item.label} item={item} className="bottom-nav-item" onClick={() => setOpen(false)} />
      ))}
    </nav>
  );
}
