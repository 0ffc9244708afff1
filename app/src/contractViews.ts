import type { Address } from "viem";
import { contractAddress } from "./lib/deployments";
import { appChain } from "./wagmi";

/**
 * The contracts `/` reads, each with only the view functions it calls (copied from the generated ABIs;
 * contractViews.test.ts keeps them equal). The full ABIs, with the custom errors that explain a
 * revert, load with the pages and dialogs that send transactions (`contracts.ts`).
 */
export const presaleViewsAbi = [
  {
    type: "function",
    name: "users",
    inputs: [{ name: "account", type: "address", internalType: "address" }],
    outputs: [
      {
        name: "",
        type: "tuple",
        internalType: "struct IPresale.User",
        components: [
          { name: "index", type: "uint256", internalType: "uint256" },
          { name: "refer", type: "address", internalType: "address" },
          { name: "invites", type: "uint256", internalType: "uint256" },
          { name: "registeredAt", type: "uint256", internalType: "uint256" },
        ],
      },
    ],
    stateMutability: "view",
  },
  {
    type: "function",
    name: "owner",
    inputs: [],
    outputs: [{ name: "", type: "address", internalType: "address" }],
    stateMutability: "view",
  },
  {
    type: "function",
    name: "getConfig",
    inputs: [],
    outputs: [
      {
        name: "",
        type: "tuple",
        internalType: "struct IPresale.Config",
        components: [
          { name: "manager", type: "address", internalType: "address" },
          { name: "root", type: "address", internalType: "address" },
          { name: "totalUser", type: "uint256", internalType: "uint256" },
        ],
      },
    ],
    stateMutability: "view",
  },
] as const;

export const idoViewsAbi = [
  {
    type: "function",
    name: "getConfig",
    inputs: [],
    outputs: [
      {
        name: "",
        type: "tuple",
        internalType: "struct IIdo.Config",
        components: [
          { name: "algebra", type: "uint256", internalType: "uint256" },
          { name: "dayTimes", type: "uint256", internalType: "uint256" },
          { name: "directRate", type: "uint256", internalType: "uint256" },
          { name: "indirectRate", type: "uint256", internalType: "uint256" },
          { name: "idoAmount", type: "uint256", internalType: "uint256" },
          { name: "idoTokens1", type: "uint256", internalType: "uint256" },
          { name: "idoTokens2", type: "uint256", internalType: "uint256" },
          { name: "idoTokens3", type: "uint256", internalType: "uint256" },
          { name: "idoHas", type: "uint256", internalType: "uint256" },
          { name: "idoMax", type: "uint256", internalType: "uint256" },
          { name: "startTime", type: "uint256", internalType: "uint256" },
          { name: "endTime", type: "uint256", internalType: "uint256" },
          { name: "extractTime", type: "uint256", internalType: "uint256" },
        ],
      },
    ],
    stateMutability: "view",
  },
  {
    type: "function",
    name: "PRIORITY_WINDOW",
    inputs: [],
    outputs: [{ name: "", type: "uint256", internalType: "uint256" }],
    stateMutability: "view",
  },
  {
    type: "function",
    name: "MAX_PRIORITY_RIGHTS",
    inputs: [],
    outputs: [{ name: "", type: "uint256", internalType: "uint256" }],
    stateMutability: "view",
  },
] as const;

export const multicall3ViewsAbi = [
  {
    type: "function",
    name: "getCurrentBlockTimestamp",
    inputs: [],
    outputs: [{ name: "", type: "uint256", internalType: "uint256" }],
    stateMutability: "view",
  },
] as const;

/** A contract handle on the configured chain: undefined when the deployment file does not list it. */
export function contractHandle<const abi>(address: Address | undefined, abi: abi) {
  return address ? ({ address, abi, chainId: appChain.id } as const) : undefined;
}

export const presaleViews = contractHandle(contractAddress(appChain.id, "Presale"), presaleViewsAbi);
export const idoViews = contractHandle(contractAddress(appChain.id, "Ido"), idoViewsAbi);
export const multicall3Views = contractHandle(contractAddress(appChain.id, "Multicall3"), multicall3ViewsAbi);
