import type { Address } from "viem";
import { type Announcement, announcementOf } from "../../../lib/announcement";
import { type Managed, findFunction } from "../registry";
import { useManagerRead } from "./useManagerRead";

/**
 * The change `c` announced (Staking's `announcement()`, dated with `EXIT_WINDOW()`): `available` only for a
 * contract that announces its upgrades and ownership transfers; `announcement` undefined when none is.
 */
export function useAnnouncement(c: Managed | undefined): {
  available: boolean;
  loaded: boolean;
  announcement: Announcement | undefined;
  exitWindow: bigint | undefined;
  isError: boolean;
} {
  const available = !!c && !!findFunction(c.abi, "announcement") && !!findFunction(c.abi, "EXIT_WINDOW");
  const read = useManagerRead(available ? { ...c!, functionName: "announcement" } : undefined);
  const window = useManagerRead(available ? { ...c!, functionName: "EXIT_WINDOW" } : undefined);
  const raw = read.data as readonly [Address, Address, bigint] | undefined;
  const exitWindow = window.data as bigint | undefined;
  return {
    available,
    loaded: raw !== undefined && exitWindow !== undefined,
    announcement: announcementOf(raw, exitWindow),
    exitWindow,
    isError: read.isError || window.isError,
  };
}
