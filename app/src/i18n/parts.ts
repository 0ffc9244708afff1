import type { Lang } from "./lang";
import type { governance } from "./parts/governance.zh";
import type { ido } from "./parts/ido.zh";
import type { invites } from "./parts/invites.zh";
import type { manager } from "./parts/manager.zh";
import type { mine } from "./parts/mine.zh";
import type { rewards } from "./parts/rewards.zh";
import type { stakes } from "./parts/stakes.zh";
import type { swap } from "./parts/swap.zh";
import type { team } from "./parts/team.zh";

/**
 * The catalogue parts pages load with their route chunk (`loadParts`, awaited by the route's loader),
 * so `/` loads only the start catalogue (`zh.ts` / `en.ts`: shell, home, register, wallet, errors).
 * A part holds a namespace's page-only texts: texts `/` or any page's toast shows (the presale card,
 * contract errors, DEX revert reasons: lib/errors.ts) stay in the start catalogue under the same namespace.
 */
export const PARTS = {
  ido: {
    zh: () => import("./parts/ido.zh").then((m) => m.ido),
    en: () => import("./parts/ido.en").then((m) => m.ido),
  },
  stakes: {
    zh: () => import("./parts/stakes.zh").then((m) => m.stakes),
    en: () => import("./parts/stakes.en").then((m) => m.stakes),
  },
  team: {
    zh: () => import("./parts/team.zh").then((m) => m.team),
    en: () => import("./parts/team.en").then((m) => m.team),
  },
  invites: {
    zh: () => import("./parts/invites.zh").then((m) => m.invites),
    en: () => import("./parts/invites.en").then((m) => m.invites),
  },
  mine: {
    zh: () => import("./parts/mine.zh").then((m) => m.mine),
    en: () => import("./parts/mine.en").then((m) => m.mine),
  },
  swap: {
    zh: () => import("./parts/swap.zh").then((m) => m.swap),
    en: () => import("./parts/swap.en").then((m) => m.swap),
  },
  manager: {
    zh: () => import("./parts/manager.zh").then((m) => m.manager),
    en: () => import("./parts/manager.en").then((m) => m.manager),
  },
  rewards: {
    zh: () => import("./parts/rewards.zh").then((m) => m.rewards),
    en: () => import("./parts/rewards.en").then((m) => m.rewards),
  },
  governance: {
    zh: () => import("./parts/governance.zh").then((m) => m.governance),
    en: () => import("./parts/governance.en").then((m) => m.governance),
  },
} satisfies Record<string, Record<Lang, () => Promise<object>>>;

export type CataloguePart = keyof typeof PARTS;

/** The page parts' texts, each under its namespace (merged with the start catalogue's). */
export type PartsCatalogue = {
  ido: typeof ido;
  stakes: typeof stakes;
  team: typeof team;
  invites: typeof invites;
  mine: typeof mine;
  swap: typeof swap;
  manager: typeof manager;
  rewards: typeof rewards;
  governance: typeof governance;
};
