import { usdtAbi } from "@taichi/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Abi, Address, ContractFunctionArgs, ContractFunctionName, Hex } from "viem";
import { type Config, useConfig } from "wagmi";
import { getClient, getConnection, getGasPrice, readContract } from "wagmi/actions";
import { explorerTxUrl } from "../lib/explorer";
import { txLabel, useRecentTxStore } from "../lib/recentTxs";
import { i18n } from "../i18n";
import { useAppStore } from "./store";
import { appChain } from "./wagmi";
import { type ContractCall, type Spend, type TxDriver, type TxResult, runTransaction } from "../lib/tx";
import { switchChainByApp } from "../lib/walletEvents";

type WriteFunctionName<abi extends Abi> = ContractFunctionName<abi, "nonpayable" | "payable">;

/** A typed contract write: the ABI comes from `@taichi/contracts`, so names and args are checked. */
export type WriteRequest<abi extends Abi, fn extends WriteFunctionName<abi>> = {
  address: Address;
  abi: abi;
  functionName: fn;
  args: ContractFunctionArgs<abi, "nonpayable" | "payable", fn>;
  value?: bigint;
  /** Declare a token spend to get the allowance check / approve first. */
  spend?: Spend;
  /** The least gas limit (see `TxOptions.minGas`): for calls that do less with less gas. */
  minGas?: bigint;
  /** Bytes sent after the encoded call (a Safe proposal carried by `approveHash`). */
  dataSuffix?: Hex;
};

const loadTxActions = () => import("./txActions");

/**
 * The real driver: wagmi actions on the app's config, reads and gas on the configured chain. The
 * write actions load with the first transaction (inside `runTransaction`'s pending overlay, so a
 * chunk that does not load ends as an error toast like any other failure).
 */
export function wagmiDriver(config: Config, chainId: number = appChain.id): TxDriver {
  // The bare client plus the actions called: getPublicClient would bundle every public action.
  const client = () => {
    const c = getClient(config, { chainId });
    if (!c) throw new Error(`no client for chain ${chainId}`);
    return c;
  };
  return {
    erc20Abi: usdtAbi,
    connection() {
      const c = getConnection(config);
      if (c.status !== "connected") return undefined;
      // wagmi's Safe connector: the app runs as a Safe App, the account is the Safe
      return { address: c.address, chainId: c.chainId, safeApp: c.connector.type === "safe" };
    },
    switchChain: (id) => switchChainByApp(config, id),
    async estimateGas(call, account) {
      const { estimateContractGas } = await loadTxActions();
      return estimateContractGas(client(), { ...call, account } as Parameters<typeof estimateContractGas>[1]);
    },
    getGasPrice: () => getGasPrice(config, { chainId }),
    async getBalance(address) {
      const { getBalance } = await loadTxActions();
      return getBalance(client(), { address });
    },
    async write(call) {
      const { writeContract } = await loadTxActions();
      return writeContract(config, { ...call, chainId } as Parameters<typeof writeContract>[1]);
    },
    async waitForReceipt(hash) {
      const { waitForTransactionReceipt } = await loadTxActions();
      return waitForTransactionReceipt(config, { hash, chainId });
    },
    readSymbol: (token) =>
      readContract(config, { address: token, abi: usdtAbi, functionName: "symbol", chainId }),
    readAllowance: (token, owner, spender) =>
      readContract(config, {
        address: token,
        abi: usdtAbi,
        functionName: "allowance",
        args: [owner, spender],
        chainId,
      }),
  };
}

/**
 * `const send = useTransaction(); await send({ ...presale, functionName: "register", args: [referrer] })`.
 * Every write in the app goes through here (see `runTransaction` for what it does).
 */
export function useTransaction() {
  const config = useConfig();
  const queryClient = useQueryClient();
  return useCallback(
    <const abi extends Abi, fn extends WriteFunctionName<abi>>(
      request: WriteRequest<abi, fn>,
    ): Promise<TxResult> => {
      const { spend, minGas, ...call } = request;
      const store = useAppStore.getState();
      const account = getConnection(config).address;
      const recent = useRecentTxStore.getState();
      return runTransaction(
        wagmiDriver(config),
        {
          beginPending: store.beginPending,
          endPending: store.endPending,
          busy: () => useAppStore.getState().pending > 0,
          steps: store.setTxSteps,
          toast: store.toast,
          succeeded: (hash, sent) =>
            store.toast(
              "success",
              { key: "tx.confirmed", values: { action: i18n.t(txLabel(sent.functionName)) } },
              explorerTxUrl(appChain.id, hash),
            ),
          refresh: () => queryClient.invalidateQueries(),
          note: store.setPendingNote,
          onSent: (hash, sent) => {
            if (!account) return;
            const label = txLabel(sent.functionName);
            recent.add(account, { hash, chainId: appChain.id, label, status: "pending", time: Date.now() });
          },
          onMined: (hash, status) => {
            if (account) recent.settle(appChain.id, account, hash, status);
          },
        },
        call as ContractCall,
        { chainId: appChain.id, spend, minGas, approval: store.approvalMode },
      );
    },
    [config, queryClient],
  );
}
