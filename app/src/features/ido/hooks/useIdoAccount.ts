import { type Address, zeroAddress } from "viem";
import { useReadContracts } from "wagmi";
import { ido, usdt } from "../../../app/contracts";
import { useReadGate } from "../../../lib/readGate";

/** The account's IDO record, priority right and USDT balance (one batch); disabled without an account. */
export function useIdoAccount(account: Address | undefined) {
  const who = account ?? zeroAddress;
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...ido, functionName: "getUserInfo", args: [who] },
      { ...ido, functionName: "hasPriority", args: [who] },
      { ...usdt, functionName: "balanceOf", args: [who] },
    ],
    query: { enabled: !!account && gate },
  });
  const [user, hasPriority, usdtBalance] = reads.data ?? [];
  return { user, hasPriority, usdtBalance, isError: reads.isError };
}

/** The sale's running totals. */
export function useIdoTotals() {
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [{ ...ido, functionName: "getTotals" }],
    query: { enabled: gate },
  });
  return { totals: reads.data?.[0], isError: reads.isError };
}

export type InviteeKind = "direct" | "indirect";

/** Rows per page of the invitee lists. */
export const INVITEES_PAGE = 10;

/**
 * The first `pages` pages of the account's direct or second-generation invitees who bought (newest
 * first): page n is `getInvitesInfo(account, n * INVITEES_PAGE, INVITEES_PAGE)` (or getIndirectsInfo),
 * all pages in one Multicall3 batch; already loaded pages come from the cache.
 */
export function useIdoInvitees(kind: InviteeKind, account: Address | undefined, pages: number) {
  const who = account ?? zeroAddress;
  const functionName = kind === "direct" ? "getInvitesInfo" : "getIndirectsInfo";
  const gate = useReadGate();
  const contracts = Array.from(
    { length: pages },
    (_, n) =>
      ({
        ...ido,
        functionName,
        args: [who, BigInt(n * INVITEES_PAGE), BigInt(INVITEES_PAGE)],
      }) as const,
  );
  const reads = useReadContracts({
    allowFailure: false,
    contracts,
    query: { enabled: !!account && gate },
  });
  const data = reads.data as readonly (readonly [readonly Invitee[], bigint])[] | undefined;
  return {
    invitees: data?.flatMap((page) => page[0]),
    total: data?.[0]?.[1],
    isError: reads.isError,
    isFetching: reads.isFetching,
  };
}

export type Invitee = {
  account: Address;
  refer: Address;
  idoIndex: bigint;
  amount: bigint;
  tokens: bigint;
  idoTime: bigint;
};
