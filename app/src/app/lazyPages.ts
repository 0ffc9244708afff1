import type { CataloguePart } from "../i18n/ids";

/**
 * Every page but home is its own chunk (its module in src/routes, so `/` stays small) with the catalogue
 * parts its texts need beyond the start catalogue. The router loads both when the page opens; the production
 * index.html starts both loading beside the app's scripts when the page is the one opened (`firstPaint` in
 * vite.config.ts), instead of once the app has rendered.
 */
export const PAGE_PARTS = {
  "/stakes": ["stakes"],
  "/ido": ["ido"],
  "/swap": ["swap"],
  "/team": ["team", "stakes"],
  "/invites": ["invites", "team", "stakes"],
  "/mine": ["mine", "rewards"],
  "/manager": ["manager", "governance", "withdrawals"],
  "/managerTRC": ["manager", "governance"],
  "/governance": ["governance"],
} as const satisfies Record<string, readonly CataloguePart[]>;

/** Each lazy page's module in src/routes (the build reads it; the app imports each by name in the router). */
export const PAGE_MODULES: Record<keyof typeof PAGE_PARTS, string> = {
  "/stakes": "Stakes",
  "/ido": "Ido",
  "/swap": "Swap",
  "/team": "Team",
  "/invites": "Invites",
  "/mine": "Mine",
  "/manager": "Manager",
  "/managerTRC": "ManagerTrc",
  "/governance": "Governance",
};
