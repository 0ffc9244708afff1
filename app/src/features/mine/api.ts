import type { Address, Hash } from "viem";
import type { ApiPayload } from "../../lib/api";
import { investApi } from "../../lib/backend";

/** Shapes of the legacy investment endpoints (docs/server.md). Amounts are base-unit strings. */
export type MachineType = {
  id: number;
  name: string;
  price: string;
  power: string | number;
  durationDays: number;
  maxPerOrder: number;
  dailyOutput: string;
};
export type NodeLevel = {
  id: number;
  name: string;
  price: string;
  bonusBps: number;
  seats: number;
  sold: number;
  remaining: number;
};
export type PaymentCheck = {
  amount: string;
  token: Address;
  treasury: Address;
  chainId: number;
};
export type MachineCheck = PaymentCheck & { typeId: number; num: number; power: string | number };
export type NodeCheck = PaymentCheck & { levelId: number };
/** `amount` is the fee to pay now (USDT); `net` is what the member receives of `creditType`. */
export type WithdrawCheck = PaymentCheck & {
  creditType: CreditType;
  withdrawAmount: string;
  fee: string;
  net: string;
  minimum: string;
  minimumInclusive: boolean;
  balance: string;
};
export type MyInfo = {
  userId: number;
  address: Address;
  username: string;
  recommend: Address | null;
  power: string | number;
  node: { levelId: number; name: string; bonusBps: number } | null;
  balances: { usdt: string; arb: string };
  createdAt: string;
};
export type CreditType = "usdt" | "arb";
export type WalletPage = {
  creditType: CreditType;
  balance: string;
  page: number;
  pageSize: number;
  total: number;
  list: { id: number; amount: string; kind: string; day: string | null; createdAt: string }[];
};
export type MachineLogRow = {
  id: number;
  typeId: number;
  name: string;
  num: number;
  power: string | number;
  paid: string;
  hash: Hash;
  startDay: string;
  endDay: string;
  status: "pending" | "running" | "expired";
  createdAt: string;
};
export type PowerLog = {
  power: string | number;
  list: { day: string; change: string | number; reason: "machineStart" | "machineEnd"; machineId: number }[];
};
export type TeamInfo = {
  directCount: number;
  teamCount: number;
  myPower: string | number;
  directPower: string | number;
  teamPower: string | number;
  recommend: Address | null;
};
/** One page of direct referrals (`pageSize` rows, oldest first); `total` counts every page. */
export type RecommendList = {
  userId: number;
  page: number;
  pageSize: number;
  total: number;
  list: {
    userId: number;
    address: Address;
    username: string;
    power: string | number;
    directCount: number;
    createdAt: string;
  }[];
};

/** The typed calls of `/mine`; each goes through the app's backend client (headers, 4700, toasts). */
export const mineApi = {
  nonce: (address: Address) =>
    investApi<{ nonce: string; message: string; expiresAt: string }>("nonce", { address }),
  login: (message: string, signature: Hash) =>
    investApi<{ token: string; address: Address; expiresAt: string }>("login", { message, signature }),
  isRegister: (address: Address) => investApi<{ isRegister: boolean }>("isRegister", { address }),
  register: (username: string, recommend: Address) => investApi<unknown>("register", { username, recommend }),
  machineTypeList: () => investApi<{ list: MachineType[] }>("machineTypeList"),
  machineDetail: (type: number) => investApi<MachineType>("machineDetail", { type }),
  buyMachineCheck: (id: number, num: number) => investApi<MachineCheck>("buyMachineCheck", { id, num }),
  buyMachine: (id: number, num: number, hash: Hash) => investApi<unknown>("buyMachine", { id, num, hash }),
  nodeList: () => investApi<{ list: NodeLevel[] }>("nodeList"),
  buyNodeCheck: (id: number) => investApi<NodeCheck>("buyNodeCheck", { id }),
  buyNode: (id: number, hash: Hash) => investApi<unknown>("buyNode", { id, hash }),
  teamInfo: () => investApi<TeamInfo>("teamInfo"),
  recommendList: (userId: number | undefined, page: number) =>
    investApi<RecommendList>("recommendList", { userId, page } as ApiPayload),
  my: () => investApi<MyInfo>("my"),
  walletList: (creditType: CreditType, page: number) =>
    investApi<WalletPage>("walletList", { credit_type: creditType, page }),
  withdrawCheck: (num: string, creditType: CreditType) =>
    investApi<WithdrawCheck>("withdrawCheck", { num, credit_type: creditType }),
  withdraw: (num: string, creditType: CreditType, hash: Hash) =>
    investApi<unknown>("withdraw", { num, credit_type: creditType, hash }),
  buyMachineLog: () => investApi<{ list: MachineLogRow[] }>("buyMachineLog"),
  powerLog: () => investApi<PowerLog>("powerLog"),
};
