import { timelockAbi } from "@taichi/contracts";
import { useCallback } from "react";
import { type Address, type Hash, encodeFunctionData } from "viem";
import { useClient, useConnection } from "wagmi";
import type { AppMessage } from "../../../i18n/keys";
import { useTransaction } from "../../../app/useTransaction";
import { appChain } from "../../../app/wagmi";
import { ZERO_PREDECESSOR, prepareSchedule } from "../timelock";
import { type SafeCall, safeCallOf } from "../safe";
import type { Call } from "../operations";
import { display } from "../fields";
import type { Managed } from "../registry";
import { same } from "../isManager";
import { type OperatorSafe, useManagerSources } from "./useIsManager";
import { useSafeTransaction } from "./useSafeProposals";
import { useManagerRead } from "./useManagerRead";
import { chainNow } from "../../../lib/chainClock";
import { useMinDelay } from "./useMinDelay";
import { timelockContract } from "../registry";
import { adminReads, latestBlockTime } from "../reads";
import type { Route } from "../changeClass";

export function callRoute(p: {
  account: Address | undefined;
  owner: Address | undefined;
  manager: Address | undefined;
  timelock: Address | undefined;
  proposer: boolean | undefined;
  ownerOnly: boolean;
}): Route {
  if (same(p.account, p.owner)) return "direct";
  if (!p.ownerOnly && same(p.account, p.manager)) return "direct";
  if (same(p.owner, p.timelock) && p.proposer) return "timelock";
  return "none";
}

/**
 * The Safe a call goes through, when the account reaches it only as one of the Safe's owners: the call becomes a
 * Safe transaction at `nonce`, which the Safe runs once `threshold` owners approved it. Several `calls` make one
 * Safe transaction through MultiSendCallOnly (`batchCall`), all applied or none.
 */
export type SafeVia = {
  address: Address;
  nonce: bigint;
  threshold: bigint;
  owners: readonly Address[];
  multiSendCallOnly: Address | undefined;
  /** what the Safe calls: a manager function, the timelock's `schedule` of it, or the timelock's `execute` / `cancel` */
  calls: readonly SafeCall[];
};

/**
 * A reviewed call, ready to send: at once, or scheduled on the timelock (with when it can run); `safe`: as a
 * transaction of that Safe, proposed by this owner.
 */
export type Prepared = (
  | { route: "direct"; fn: string; args: readonly unknown[] }
  | {
      route: "timelock";
      fn: string;
      args: readonly unknown[];
      call: Call;
      /** the timelock the call is scheduled on */
      timelock: Address;
      salt: Hash;
      /** the minimum delay it is scheduled with, and the earliest time it can run */
      delay: bigint;
      readyAt: bigint;
    }
) & { safe?: SafeVia };

/** The contract call `p` on `c` is: the function itself, or the timelock's `schedule` of it. */
function preparedRequest(c: Managed, p: Prepared) {
  return p.route === "direct"
    ? { address: c.address, abi: c.abi, functionName: p.fn, args: p.args }
    : {
        address: p.timelock,
        abi: timelockAbi,
        functionName: "schedule",
        args: [p.call.target, p.call.value, p.call.data, ZERO_PREDECESSOR, p.salt, p.delay] as const,
      };
}

const formatTime = (seconds: bigint) => display({ kind: "time" }, seconds);

/**
 * The one way the manager area calls a privileged function of `c`: `route` says how (undefined while
 * the owner, manager and role are read; `editable`: direct or through the timelock), `routeFor` how an
 * owner-class (or manager-class) change of a form would go, `prepare` checks a
 * call before its confirm dialog (a call already queued on the timelock is refused there, nothing sent),
 * `send` sends it through the shared transaction path (the call itself, or the timelock's `schedule`
 * with the minimum delay). `ownerRoute`: how an owner-class call goes, for a setter the manager may call only
 * in members' favour (`prepare(fn, args, true)` routes such a call so, and refuses it when the account can
 * reach it neither directly nor through the timelock). An account that reaches it neither way but owns the
 * operators' Safe, which does, goes through that Safe (`safeRoute` / `safeOwnerRoute`): `prepare` adds the Safe
 * and the nonce of its new transaction, and `send` proposes it (docs/manager.md, "Through a Safe").
 */
export function useAdminCall(c: Managed, ownerOnly: boolean) {
  const { address: account } = useConnection();
  const client = useClient({ chainId: appChain.id });
  const send = useTransaction();
  const timelock = timelockContract();
  const owner = useManagerRead({ address: c.address, abi: c.abi, functionName: "owner" });
  // the Presale's manager and the proposer role: the reads the menu's manager check made (one cache)
  const { config, proposer, safe } = useManagerSources(account);
  const safeTransaction = useSafeTransaction();
  const minDelay = useMinDelay(timelock);
  const loading =
    owner.isLoading || config.isLoading || proposer.isLoading || safe.isLoading || minDelay === undefined;
  const routeOf = (who: Address | undefined, isProposer: boolean | undefined, ownerClass: boolean) =>
    callRoute({
      account: who,
      owner: owner.data as Address | undefined,
      manager: config.data?.manager,
      timelock: timelock.address,
      proposer: isProposer,
      ownerOnly: ownerClass,
    });
  /** the route, and the Safe it goes through when the account's own roles do not reach the function */
  const routeFor = (ownerClass: boolean): { route: Route | undefined; safe?: OperatorSafe } => {
    if (loading) return { route: undefined };
    const own = routeOf(account, proposer.data, ownerClass);
    if (own !== "none" || !safe.data) return { route: own };
    const through = routeOf(safe.data.address, safe.data.proposer, ownerClass);
    return through === "none" ? { route: "none" } : { route: through, safe: safe.data };
  };
  const { route, safe: safeRoute } = routeFor(ownerOnly);
  // how an owner-class call of a setter that is the manager's only in members' favour goes
  const { route: ownerRoute, safe: safeOwnerRoute } = routeFor(true);

  const prepare = useCallback(
    async (
      fn: string,
      args: readonly unknown[],
      /** this call is the owner's although the function is not owner-only (a change against members) */
      ownerClass = false,
    ): Promise<{ ok: true; prepared: Prepared } | { ok: false; message: AppMessage }> => {
      const how = ownerClass ? ownerRoute : route;
      const through = ownerClass ? safeOwnerRoute : safeRoute;
      if (ownerClass && how !== "direct" && how !== "timelock") {
        return { ok: false, message: { key: "manager.path.notProposer" } };
      }
      const via = through && (await safeTransaction.via(through));
      const withSafe = (prepared: Prepared): { ok: true; prepared: Prepared } => ({
        ok: true,
        prepared: via
          ? { ...prepared, safe: { ...via, calls: [safeCallOf(preparedRequest(c, prepared))] } }
          : prepared,
      });
      if (how !== "timelock") return withSafe({ route: "direct", fn, args });
      const call: Call = {
        target: c.address,
        value: 0n,
        data: encodeFunctionData({ abi: c.abi, functionName: fn, args }),
      };
      const reads = adminReads(client!);
      const check = await prepareSchedule(reads, timelock.address, call, formatTime);
      if (!check.ok) return check;
      // the earliest execution: the chain's time now (ahead of the local clock after time travel) plus the delay
      const local = Math.floor(Date.now() / 1000);
      const latest = Number(await latestBlockTime(reads));
      const now = BigInt(chainNow(local, latest, local));
      return withSafe({
        route: "timelock",
        fn,
        args,
        call,
        timelock: timelock.address,
        salt: check.salt,
        delay: minDelay!,
        readyAt: now + minDelay!,
      });
    },
    [route, ownerRoute, safeRoute, safeOwnerRoute, safeTransaction, c, client, timelock, minDelay],
  );

  const sendPrepared = useCallback(
    (p: Prepared): Promise<{ ok: boolean }> =>
      (p.safe ? safeTransaction.propose(p.safe) : send(preparedRequest(c, p) as never)) as Promise<{
        ok: boolean;
      }>,
    [send, safeTransaction, c],
  );

  /** whether the account may act: at once or through the timelock */
  const editable = route === "direct" || route === "timelock";
  return { route, ownerRoute, safe: safeRoute, editable, minDelay, prepare, send: sendPrepared };
}
